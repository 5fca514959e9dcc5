import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { navFor } from '#app/components/shell/nav.ts'
import { SessionTimeout } from '#app/components/shell/SessionTimeout.tsx'
import { Shell } from '#app/components/shell/Shell.tsx'
import { ActingAsContext } from '#app/components/forms/Form.tsx'
import { actingAsValue } from '#app/lib/acting-as.ts'
import { ROLE_LABELS } from '#app/lib/roles.ts'
import { sidebarCookie } from '#app/services/cookies.server.ts'
import { requireUser } from '#app/services/guards.server.ts'
import { sessionTimes } from '#app/services/session.server.ts'
import type { Route } from './+types/shell.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const { auth, sessionEnds } = await requireUser(context, request)
	const sidebar = await sidebarCookie.parse(request.headers.get('Cookie'))
	return {
		user: {
			name: `${auth.firstName} ${auth.lastName}`,
			email: auth.email,
			roleLabel: auth.role ? ROLE_LABELS[auth.role] : 'No school access',
			impersonated: auth.impersonatorId !== null,
		},
		// Staff of two or more schools get the school switcher; the names come with the session's one query.
		schools:
			auth.role !== 'spencerAdmin' && auth.memberships.length > 1
				? {
						options: auth.memberships.map((membership) => ({
							membershipId: membership.id,
							label: `${membership.schoolName} (${ROLE_LABELS[membership.role]})`,
						})),
						active: auth.membershipId,
					}
				: null,
		nav: navFor(auth.role),
		sidebarOpen: sidebar !== 'false',
		session: sessionTimes(sessionEnds),
		// Which school and role the page's forms are drawn for (ADR 108): none for a platform admin, who has no school.
		actingAs: auth.role !== 'spencerAdmin' && auth.membershipId && auth.role ? actingAsValue(auth.membershipId, auth.role) : null,
	}
}

/**
 * The shell's data is the session's, and the session can change in another tab (a school switched, a role changed, a
 * sign-in as someone else) while this one follows links. Its loader runs with every navigation, not only after a post:
 * the header, the menus and the school and role each form carries (ADR 108) are then always those of the page drawn
 * beneath them (ADR 111). The session is read for every request anyway; this adds its few fields to the answer.
 * After a post, React Router's own choice: read again unless the post said not to.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	// A background post (a fetcher's: the stepper's answer, the sidebar, "stay signed in") says itself whether the page is
	// read again: one that says no must not need the server again, least of all when it could not reach it (ADR 118).
	return !formMethod || formMethod.toUpperCase() === 'GET' || defaultShouldRevalidate
}

export default function SignedInShell({ loaderData }: Route.ComponentProps) {
	return (
		<Shell user={loaderData.user} schools={loaderData.schools} nav={loaderData.nav} sidebarOpen={loaderData.sidebarOpen}>
			<ActingAsContext value={loaderData.actingAs}>
				<Outlet />
			</ActingAsContext>
			<SessionTimeout times={loaderData.session} />
		</Shell>
	)
}
