import { data, redirect } from 'react-router'
import { requireUser } from '#app/services/guards.server.ts'
import { safeRedirect } from '#app/services/redirects.server.ts'
import type { Route } from './+types/session-extend.ts'

/**
 * "Stay signed in", the session warning's button (ADR 099): the session's idle end slides on from now, as the request's
 * session is read (services/request.server.ts), in its one write. The warning posts it in the background and is
 * answered with how long the session now has; a plain form post goes back to its page.
 */
export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireUser(context, request)
	const form = await request.formData().catch(() => null)
	if (form?.get('background') === 'true') return data({ idleEndsInMs: app.sessionEnds.idleAt.getTime() - Date.now() })
	return redirect(safeRedirect(form?.get('redirectTo'), '/'))
}

export function loader() {
	return redirect('/')
}
