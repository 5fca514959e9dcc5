import { data, redirect } from 'react-router'
import { getAppContext } from '#app/context.ts'
import { requireUser } from '#app/services/guards.server.ts'
import { clearSessionCookie } from '#app/services/session.server.ts'
import { safeRedirect } from '#app/services/redirects.server.ts'
import type { Route } from './+types/session-extend.ts'

/**
 * "Stay signed in", the session warning's button (ADR 099): the session's idle end slides on from now, as the request's
 * session is read (services/request.server.ts), in its one write. The warning posts it in the background and is
 * answered with how long the session now has; a plain form post goes back to its page.
 */
export async function action({ context, request }: Route.ActionArgs) {
	const form = await request.formData().catch(() => null)
	const background = form?.get('background') === 'true'
	// A session already over (signed out in another tab, or ended on the server): the warning's background post says so
	// rather than follow the sign-in redirect, which would take the page, and what was typed on it, away (ADR 099).
	const { auth, sessionExpired } = getAppContext(context)
	if (background && !auth) {
		const headers = sessionExpired ? { 'Set-Cookie': await clearSessionCookie() } : undefined
		return data({ signedOut: true as const }, { status: 401, headers })
	}
	const app = await requireUser(context, request)
	if (background) return data({ idleEndsInMs: app.sessionEnds.idleAt.getTime() - Date.now() })
	return redirect(safeRedirect(form?.get('redirectTo'), '/'))
}

export function loader() {
	return redirect('/')
}
