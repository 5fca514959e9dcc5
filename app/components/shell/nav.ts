import type { Role } from '#app/lib/auth.ts'

export type NavIcon = 'overview' | 'schools' | 'questionnaires' | 'students' | 'groups' | 'directory' | 'feedback' | 'recommendations' | 'settings'
export type NavItem = { to: string; label: string; icon: NavIcon; end?: boolean }

/** The quick student search (`/students`) every school role has; `end`, so a student's profile below it does not light it up. */
const FIND_A_STUDENT: NavItem = { to: '/students', label: 'Find a student', icon: 'students', end: true }

const AREA_NAV: Record<Role, NavItem[]> = {
	spencerAdmin: [
		{ to: '/spencer-admin/schools', label: 'Schools', icon: 'schools' },
		{ to: '/spencer-admin/questionnaires', label: 'Questionnaires', icon: 'questionnaires' },
	],
	schoolAdmin: [
		{ to: '/school-admin/students', label: 'Students', icon: 'students' },
		FIND_A_STUDENT,
		{ to: '/school-admin/groups', label: 'Groups', icon: 'groups' },
		{ to: '/school-admin/directory', label: 'Directory', icon: 'directory' },
		{ to: '/school-admin/overview', label: 'School overview', icon: 'overview' },
	],
	needManager: [
		{ to: '/need-manager/home', label: 'Home', icon: 'overview' },
		FIND_A_STUDENT,
		{ to: '/need-manager/questionnaires', label: 'Questionnaires', icon: 'questionnaires' },
		{ to: '/need-manager/feedback', label: 'Feedback', icon: 'feedback' },
		{ to: '/need-manager/recommendations', label: 'Recommendations', icon: 'recommendations' },
		{ to: '/need-manager/students', label: 'Students', icon: 'students', end: true },
		{ to: '/need-manager/students/manage-students', label: 'Manage students', icon: 'students' },
		{ to: '/need-manager/groups', label: 'Groups', icon: 'groups' },
		{ to: '/need-manager/directory', label: 'Directory', icon: 'directory' },
	],
	professional: [
		{ to: '/professional/home', label: 'Home', icon: 'overview' },
		FIND_A_STUDENT,
		{ to: '/professional/questionnaires', label: 'Questionnaires', icon: 'questionnaires' },
		{ to: '/professional/feedback', label: 'Feedback', icon: 'feedback' },
		{ to: '/professional/students', label: 'Students', icon: 'students' },
		{ to: '/professional/groups', label: 'Groups', icon: 'groups' },
		{ to: '/professional/directory', label: 'Directory', icon: 'directory' },
	],
}

/** The sidebar of a role: its area's screens, then what every signed-in user has. */
export function navFor(role: Role | null): NavItem[] {
	return [...(role ? AREA_NAV[role] : []), { to: '/settings/profile', label: 'Profile settings', icon: 'settings' }]
}
