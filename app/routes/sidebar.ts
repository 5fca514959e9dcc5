import { redirect } from 'react-router'
import { safeRedirect } from '#app/services/auth.server.ts'
import { sidebarCookie } from '#app/services/cookies.server.ts'
import type { Route } from './+types/sidebar.ts'

/** Opens or collapses the sidebar: a cookie, so the server draws it right on the next page. */
export async function action({ request }: Route.ActionArgs) {
	const form = await request.formData()
	const open = form.get('open') === 'true'
	return redirect(safeRedirect(form.get('redirectTo'), '/'), {
		headers: { 'Set-Cookie': await sidebarCookie.serialize(String(open)) },
	})
}

export function loader() {
	return redirect('/')
}
