import type { Role } from '#app/lib/auth.ts'

export type NavIcon = 'overview' | 'schools' | 'questionnaires' | 'students' | 'groups' | 'directory' | 'feedback' | 'recommendations' | 'retention' | 'report' | 'settings'
export type NavItem = { to: string; label: string; icon: NavIcon; end?: boolean }

/** The quick student search (`/students`) every school role has; `end`, so a student's profile below it does not light it up. */
const FIND_A_STUDENT: NavItem = { to: '/students', label: 'Find a student', icon: 'students', end: true }

/** The screens both staff areas have, each under its area's own address. */
function staffArea(area: 'need-manager' | 'professional') {
	const item = (path: string, label: string, icon: NavIcon): NavItem => ({ to: `/${area}/${path}`, label, icon })
	return {
		home: item('home', 'Home', 'overview'),
		questionnaires: item('questionnaires', 'Questionnaires', 'questionnaires'),
		feedback: item('feedback', 'Feedback', 'feedback'),
		groups: item('groups', 'Groups', 'groups'),
		directory: item('directory', 'Directory', 'directory'),
	}
}
const needManager = staffArea('need-manager')
const professional = staffArea('professional')

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
		{ to: '/school-admin/retention', label: 'Retention', icon: 'retention' },
		{ to: '/school-admin/what-helps', label: 'What helps', icon: 'report' },
	],
	needManager: [
		needManager.home,
		FIND_A_STUDENT,
		needManager.questionnaires,
		needManager.feedback,
		{ to: '/need-manager/recommendations', label: 'Recommendations', icon: 'recommendations' },
		{ to: '/need-manager/what-helps', label: 'What helps', icon: 'report' },
		{ to: '/need-manager/students', label: 'Students', icon: 'students', end: true },
		{ to: '/need-manager/students/manage-students', label: 'Manage students', icon: 'students' },
		needManager.groups,
		needManager.directory,
	],
	professional: [
		professional.home,
		FIND_A_STUDENT,
		professional.questionnaires,
		professional.feedback,
		{ to: '/professional/students', label: 'Students', icon: 'students' },
		professional.groups,
		professional.directory,
	],
}

/** The sidebar of a role: its area's screens, then what every signed-in user has. */
export function navFor(role: Role | null): NavItem[] {
	return [...(role ? AREA_NAV[role] : []), { to: '/settings/profile', label: 'Profile settings', icon: 'settings' }]
}
