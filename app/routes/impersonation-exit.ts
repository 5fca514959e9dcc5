import { redirect } from 'react-router'
import { exitImpersonation } from '#app/services/impersonation.server.ts'
import { requireUser } from '#app/services/guards.server.ts'
import type { Route } from './+types/impersonation-exit.ts'

/** The banner's exit button: back to the platform admin's own account, on the schools list. */
export async function action({ context, request }: Route.ActionArgs) {
	const { em, auth } = await requireUser(context, request)
	return exitImpersonation(em, request, auth)
}

export function loader() {
	return redirect('/')
}
