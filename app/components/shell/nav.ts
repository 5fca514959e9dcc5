import type { Role } from '#app/services/auth.server.ts'

export type NavIcon = 'overview' | 'settings'
export type NavItem = { to: string; label: string; icon: NavIcon; end?: boolean }

const AREA_LABELS: Record<Role, string> = {
	spencerAdmin: 'Platform overview',
	schoolAdmin: 'School overview',
	needManager: 'Overview',
	professional: 'Overview',
}

const AREA_PATHS: Record<Role, string> = {
	spencerAdmin: '/spencer-admin',
	schoolAdmin: '/school-admin',
	needManager: '/need-manager',
	professional: '/professional',
}

/** The sidebar of a role: its area's screens, then what every signed-in user has. */
export function navFor(role: Role | null): NavItem[] {
	const area: NavItem[] = role ? [{ to: AREA_PATHS[role], label: AREA_LABELS[role], icon: 'overview', end: true }] : []
	return [...area, { to: '/settings/profile', label: 'Profile settings', icon: 'settings' }]
}
