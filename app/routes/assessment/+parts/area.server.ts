import type { RouterContextProvider } from 'react-router'
import { requireRole, type SignedIn } from '#app/services/guards.server.ts'

export type Area = '/need-manager' | '/professional'

/**
 * The guard of the screens the need manager's and the professional's areas
 * share: either role, and the area's path prefix for the links the screen
 * renders. The area layout's middleware has already sent anyone else home.
 */
export async function requireAssessor(context: Readonly<RouterContextProvider>, request: Request): Promise<SignedIn & { area: Area }> {
	const app = await requireRole(context, request, 'needManager', 'professional')
	return Object.assign(app, { area: app.auth.role === 'needManager' ? ('/need-manager' as const) : ('/professional' as const) })
}
