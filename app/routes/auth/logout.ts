import { redirect } from 'react-router'
import { getAppContext } from '#app/context.ts'
import { signOut } from '#app/services/sign-out.server.ts'
import type { Route } from './+types/logout.ts'

/** Sign-out (sign-out.server.ts), then the login screen. */
export async function action({ context, request }: Route.ActionArgs) {
	return redirect('/auth/login', { headers: await signOut(getAppContext(context), request) })
}

export function loader() {
	return redirect('/')
}
