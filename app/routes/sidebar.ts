import { data, redirect } from 'react-router'
import { safeRedirect } from '#app/services/redirects.server.ts'
import { sidebarCookie } from '#app/services/cookies.server.ts'
import type { Route } from './+types/sidebar.ts'

/** Opens or collapses the sidebar: a cookie, so the server draws it right on the next page. */
export async function action({ request }: Route.ActionArgs) {
	const form = await request.formData()
	const open = form.get('open') === 'true'
	const headers = { 'Set-Cookie': await sidebarCookie.serialize(String(open)) }
	// With JavaScript the toggle posts in the background (Shell.tsx): the cookie alone, so the page does not navigate
	// (no history entry, no route fade); without, the form's redirect draws the page again.
	if (form.get('background') === 'true') return data({ open }, { headers })
	return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers })
}

export function loader() {
	return redirect('/')
}
