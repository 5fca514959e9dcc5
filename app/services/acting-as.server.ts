import { data, type MiddlewareFunction } from 'react-router'
import { appContext } from '#app/context.ts'
import { ACTING_AS_FIELD, actingAsValue, keptFields, SWITCH_FIELD, type ActingAsChanged } from '#app/lib/acting-as.ts'
import type { Auth } from '#app/lib/auth.ts'
import { pagePath, type SignedIn } from './guards.server.ts'
import { switchSchool } from './school-switcher.server.ts'
import { clearSessionCookie } from './session.server.ts'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * Root middleware, once the session is read (ADR 108): a form of a signed-in page says which membership and role it
 * was drawn for (ACTING_AS_FIELD). Sent when the session acts as another (a switch of school in another tab, a role
 * changed since), it is not run: the answer is 409 with the page of lib/acting-as.ts, which keeps what was typed and,
 * while the user still has that membership, offers to switch back and send it. Sent again from there (SWITCH_FIELD),
 * the session switches to it (audited, as the header's switcher does) and the form is run as it was meant to be.
 * A form drawn for a session that has ended since (signed out in another tab, timed out) is kept the same way, 401:
 * signed in again, in another tab, the user sends it from there (ADR 114). Only the sender's own post is shown back.
 */
export const actingAsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const type = request.headers.get('Content-Type') ?? ''
	if (request.method !== 'POST' || !FORM_TYPES.some((form) => type.startsWith(form))) return next()
	const app = context.get(appContext)
	// The input guard has read this body within its limit already; this copy is read once more, as the action will.
	const form = await request.clone().formData().catch(() => null)
	const sentAs = form?.get(ACTING_AS_FIELD)
	if (!form || typeof sentAs !== 'string') return next()
	if (!app.auth) {
		const headers = app.sessionExpired ? { 'Set-Cookie': await clearSessionCookie() } : undefined
		throw data<ActingAsChanged>({ reason: 'acting-as-changed', signedOut: true, action: pagePath(request), sentAs: null, now: null, ...keptFields(form) }, { status: 401, headers })
	}
	if (sentAs === actingAsOf(app.auth)) return next()
	const [membershipId, role] = sentAs.split(':')
	const meant = app.auth.memberships.find((membership) => membership.id === membershipId && membership.role === role)
	if (meant && form.get(SWITCH_FIELD) === '1') {
		await switchSchool(app as SignedIn, meant.id)
		context.set(appContext, { ...app, auth: { ...app.auth, role: meant.role, schoolId: meant.schoolId, membershipId: meant.id } })
		return next()
	}
	const acting = app.auth.memberships.find((membership) => membership.id === app.auth?.membershipId)
	throw data<ActingAsChanged>(
		{
			reason: 'acting-as-changed',
			action: pagePath(request),
			sentAs: meant ? { school: meant.schoolName, role: meant.role } : null,
			now: acting ? { school: acting.schoolName, role: acting.role } : null,
			...keptFields(form),
		},
		{ status: 409 },
	)
}

const actingAsOf = (auth: Auth) => (auth.membershipId && auth.role ? actingAsValue(auth.membershipId, auth.role) : null)
