import { getAppContext } from '#app/context.ts'
import { jsonError } from '#app/services/api.server.ts'
import type { Route } from './+types/me.ts'

/** The session user: `{ email, systemRole, schools: [{ schoolId, role }], activeSchoolId }` (the school the session acts in). */
export function loader({ context }: Route.LoaderArgs) {
	const { auth } = getAppContext(context)
	if (!auth) return jsonError(401, 10001, 'session expired')
	return Response.json(
		{
			email: auth.email,
			systemRole: auth.systemRole,
			schools: auth.memberships.map(({ schoolId, role }) => ({ schoolId, role })),
			activeSchoolId: auth.schoolId,
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}
