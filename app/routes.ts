import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

/**
 * The assessment screens the need manager's and the professional's areas
 * share: one module each, registered under both prefixes with its own id.
 */
function assessment(area: 'need-manager' | 'professional') {
	return [
		route('home/:tab?', 'routes/assessment/home.tsx', { id: `${area}-home` }),
		route('questionnaires', 'routes/assessment/questionnaires.tsx', { id: `${area}-questionnaires` }),
		route('questionnaires/:id/domains', 'routes/assessment/domains.tsx', { id: `${area}-questionnaire-domains` }),
		route('questionnaires/:id/domains/:domainId', 'routes/assessment/stepper.tsx', { id: `${area}-questionnaire-stepper` }),
		route('feedback', 'routes/assessment/feedback-list.tsx', { id: `${area}-feedback` }),
		route('feedback/:id', 'routes/assessment/feedback-answers.tsx', { id: `${area}-feedback-answers` }),
	]
}

/**
 * What helps, across the school (ADR 074): the need manager's and the school admin's report, and its CSV, one module
 * each registered under both areas.
 */
function whatHelps(area: 'need-manager' | 'school-admin') {
	return [
		route('what-helps', 'routes/reports/what-helps.tsx', { id: `${area}/what-helps` }),
		route('what-helps.csv', 'routes/reports/what-helps-csv.ts', { id: `${area}/what-helps-csv` }),
	]
}

export default [
	index('routes/index.ts'),
	route('healthz', 'routes/healthz.ts'),

	// Signing in and out, and setting a password from an emailed link.
	...prefix('auth', [
		layout('routes/auth/layout.tsx', [
			route('login', 'routes/auth/login.tsx'),
			route('forgot-password', 'routes/auth/forgot-password.tsx'),
			route('new-password', 'routes/auth/new-password.tsx'),
			route('set-password-from-email', 'routes/auth/set-password-from-email.tsx'),
		]),
		route('logout', 'routes/auth/logout.ts'),
	]),

	// Every signed-in screen: the shell (sidebar, header, toasts) around each area.
	layout('routes/shell.tsx', [
		...prefix('spencer-admin', [
			layout('routes/spencer-admin/layout.tsx', [
				index('routes/spencer-admin/index.tsx'),
				route('schools', 'routes/spencer-admin/schools/list.tsx'),
				route('schools/create', 'routes/spencer-admin/schools/create.tsx'),
				route('schools/:id', 'routes/spencer-admin/schools/details.tsx'),
				route('schools/:id/offboard', 'routes/spencer-admin/schools/offboard.tsx'),
				route('schools/:id/offboarded', 'routes/spencer-admin/schools/offboarded.tsx'),
				route('schools/:id/exports/:exportId/download', 'routes/spencer-admin/schools/export-download.ts'),
				// Questionnaires, themes and recommendations: the questionnaire builder's block.
				...prefix('questionnaires', [
					index('routes/spencer-admin/questionnaires/index.ts'),
					layout('routes/spencer-admin/questionnaires/layout.tsx', [
						route('list', 'routes/spencer-admin/questionnaires/list.tsx'),
						route('theme-list', 'routes/spencer-admin/questionnaires/theme-list.tsx'),
						route('recommendations', 'routes/spencer-admin/questionnaires/recommendations.tsx'),
					]),
					route(':id', 'routes/spencer-admin/questionnaires/edit.tsx'),
					route(':id/preview', 'routes/spencer-admin/questionnaires/preview.tsx'),
				]),
			]),
		]),
		...prefix('school-admin', [
			layout('routes/school-admin/layout.tsx', [
				index('routes/school-admin/index.tsx'),
				// The school's figures (students, staff, groups, transfer requests waiting): a sidebar item, not the landing page.
				route('overview', 'routes/school-admin/overview.tsx'),
				// Students: the list and transfer tabs (incoming and outgoing requests), and one student's details.
				...prefix('students', [
					index('routes/school-admin/students/index.ts'),
					layout('routes/school-admin/students/layout.tsx', [
						route('list', 'routes/school-admin/students/list.tsx'),
						...prefix('transfer-students', [
							index('routes/school-admin/students/transfers/index.ts'),
							layout('routes/school-admin/students/transfers/layout.tsx', [
								route('incoming', 'routes/school-admin/students/transfers/incoming.tsx'),
								route('outgoing', 'routes/school-admin/students/transfers/outgoing.tsx'),
							]),
						]),
					]),
					route('list/create', 'routes/school-admin/students/create.tsx'),
					route('list/:id', 'routes/school-admin/students/details.tsx'),
					// Bulk import: the upload and its dry run, the template, each job's progress and its refused rows.
					route('import', 'routes/school-admin/students/import.tsx'),
					route('import/template.csv', 'routes/school-admin/students/import-template.ts'),
					route('import/:id', 'routes/school-admin/students/import-status.tsx'),
					route('import/:id/errors.csv', 'routes/school-admin/students/import-errors.ts'),
				]),
				// Groups: the list (with its "add new group" modal), and one group's students and staff.
				route('groups', 'routes/school-admin/groups/list.tsx'),
				route('groups/:id', 'routes/school-admin/groups/details.tsx'),
				// The staff directory: the list with its modals, add, and the import like the students'.
				route('directory', 'routes/school-admin/directory/list.tsx'),
				route('directory/add', 'routes/school-admin/directory/add.tsx'),
				route('directory/import', 'routes/school-admin/directory/import.tsx'),
				route('directory/import/template.csv', 'routes/school-admin/directory/import-template.ts'),
				route('directory/import/:id', 'routes/school-admin/directory/import-status.tsx'),
				route('directory/import/:id/errors.csv', 'routes/school-admin/directory/import-errors.ts'),
				// Subject access exports (asked for on a student's details page): each one's progress, and its ZIP.
				route('exports/:id', 'routes/school-admin/exports/status.tsx'),
				route('exports/:id/download', 'routes/school-admin/exports/download.ts'),
				// Retention: the school's period, the students whose records are due to go, and holds (ADR 070).
				route('retention', 'routes/school-admin/retention/page.tsx'),
				...whatHelps('school-admin'),
			]),
		]),
		...prefix('need-manager', [
			layout('routes/need-manager/layout.tsx', [
				index('routes/need-manager/index.tsx'),
				...assessment('need-manager'),
				route('students/manage-students', 'routes/assessment/manage-students.tsx', { id: 'need-manager-manage-students' }),
				// Students, directory and groups, read-only within need-to-know: one module each, shared with the professional area.
				route('students', 'routes/staff/students.tsx', { id: 'need-manager/students' }),
				route('directory', 'routes/staff/directory.tsx', { id: 'need-manager/directory' }),
				route('groups', 'routes/staff/groups.tsx', { id: 'need-manager/groups' }),
				route('groups/:id', 'routes/staff/group.tsx', { id: 'need-manager/group' }),
				// Suggested recommendations: the profiles waiting, and one profile's review.
				route('recommendations', 'routes/need-manager/recommendations/list.tsx'),
				route('recommendations/:id', 'routes/need-manager/recommendations/review.tsx'),
				...whatHelps('need-manager'),
			]),
		]),
		...prefix('professional', [
			layout('routes/professional/layout.tsx', [
				index('routes/professional/index.tsx'),
				...assessment('professional'),
				route('students', 'routes/staff/students.tsx', { id: 'professional/students' }),
				route('directory', 'routes/staff/directory.tsx', { id: 'professional/directory' }),
				route('groups', 'routes/staff/groups.tsx', { id: 'professional/groups' }),
				route('groups/:id', 'routes/staff/group.tsx', { id: 'professional/group' }),
			]),
		]),
		...prefix('settings', [index('routes/settings/index.ts'), route('profile', 'routes/settings/profile.tsx')]),
		// The quick student search, and the shared student views: any school role, for the students it may see.
		...prefix('students', [
			index('routes/students/index.tsx'),
			route('profile/:id', 'routes/students/profile.tsx'),
			route('profile/:id/analysis', 'routes/students/analysis.tsx'),
			route('profile/:id/comparison', 'routes/students/comparison.tsx'),
			// A plan entry's review (ADR 072): a plain URL, printed in the profile's list of review links.
			route('profile/:id/reviews/:entryId', 'routes/students/review.tsx'),
		]),
	]),
	route('sidebar', 'routes/sidebar.ts'),
	// The session warning's "Stay signed in" (ADR 099).
	route('session/extend', 'routes/session-extend.ts'),
	// The header's school switcher, for staff of two or more schools: the session acts in the membership posted.
	route('switch-school', 'routes/switch-school.ts'),
	route('impersonation/exit', 'routes/impersonation-exit.ts'),
	// Where an expired or invalid impersonation lands (code 10002), on its way to the schools list.
	route('impersonation/ended', 'routes/impersonation-ended.tsx'),

	...prefix('ui-kit', [
		layout('routes/ui-kit/layout.tsx', [
			index('routes/ui-kit/index.tsx'),
			route('charts', 'routes/ui-kit/charts.tsx'),
			route('buttons', 'routes/ui-kit/buttons.tsx'),
			route('inputs', 'routes/ui-kit/inputs.tsx'),
			route('logos', 'routes/ui-kit/logos.tsx'),
			route('colors', 'routes/ui-kit/colors.tsx'),
			route('typography', 'routes/ui-kit/typography.tsx'),
			route('misc', 'routes/ui-kit/misc.tsx'),
		]),
	]),

	// JSON endpoints: JSON in and out, `{ code, message }` errors.
	...prefix('api', [
		route('me', 'routes/api/me.ts'),
		...prefix('auth', [
			route('password', 'routes/api/auth/password.ts'),
			route('reset-password', 'routes/api/auth/reset-password.ts'),
			route('send-reset-password-email', 'routes/api/auth/send-reset-password-email.ts'),
		]),
	]),

	// An empty page: the framework's floor for the page-weight benchmark.
	route('bench/floor', 'routes/bench/floor.tsx'),

	// Unknown paths go home.
	route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig
