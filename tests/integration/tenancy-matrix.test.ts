import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { fillPattern, isIdName, routeTable, type RouteEntry } from './route-table.ts'

/**
 * The tenancy matrix (docs/architecture.md#tenancy, ADR 042): every route of
 * app/routes.ts with an id in its path has a case here, and a route added
 * without one fails the first block below, named by its pattern.
 *
 * A school's record, opened by a user of another school in the role the
 * route is for, answers 404; the record's own school opens the same URL (200),
 * so the 404 is about the school, not a wrong path. A route with an action
 * also refuses a post before it reads the form. A platform record (a school,
 * a questionnaire) belongs to no school: school users are sent to their own
 * home from it, and the platform admin opens it.
 *
 * The records are Oakfield's (the demo seed); the strangers are Riverside's staff.
 */

type Records = Awaited<ReturnType<typeof loadRecords>>
type RecordName = keyof Records

type SchoolCase = {
	/** Oakfield's record each id param of the path names. */
	ids: Record<string, RecordName>
	/** Users of another school who must get 404; the first also posts when the route has an action. */
	strangers: string[]
	/** Oakfield's user for whom the same URL answers 200. */
	owner: string
}
type PlatformCase = {
	/** Why the id is not a school's record. */
	platform: string
	ids: Record<string, RecordName>
}
type Case = SchoolCase | PlatformCase

const OFFICE = { strangers: ['office@riverside.test'], owner: 'office@oakfield.test' }
const NEED_MANAGER = { strangers: ['senco@riverside.test'], owner: 'senco@oakfield.test' }
const PROFESSIONAL = { strangers: ['mentor@riverside.test'], owner: 'teacher@oakfield.test' }
/** The student views are for every school role; the need manager, the only one who may post, first. */
const ANY_STAFF = { strangers: ['senco@riverside.test', 'office@riverside.test', 'mentor@riverside.test'], owner: 'senco@oakfield.test' }

const SCHOOL_IS_PLATFORMS = 'a school is the platform’s record, opened by platform admins only'
const QUESTIONNAIRE_IS_PLATFORMS = 'questionnaires are the platform’s, written by platform admins and used by every school'

/** Route pattern → its case. */
const MATRIX: Record<string, Case> = {
	'/spencer-admin/schools/:id': { platform: SCHOOL_IS_PLATFORMS, ids: { id: 'oakfield' } },
	'/spencer-admin/schools/:id/offboard': { platform: SCHOOL_IS_PLATFORMS, ids: { id: 'oakfield' } },
	'/spencer-admin/schools/:id/offboarded': {
		platform: 'the record of an offboarded school is the platform’s: the school is gone',
		ids: { id: 'offboardedSchool' },
	},
	'/spencer-admin/schools/:id/exports/:exportId/download': {
		platform: 'a whole school’s export is made for the platform admin offboarding it',
		ids: { id: 'oakfield', exportId: 'oakSchoolExport' },
	},
	'/spencer-admin/questionnaires/:id': { platform: QUESTIONNAIRE_IS_PLATFORMS, ids: { id: 'questionnaire' } },
	'/spencer-admin/questionnaires/:id/preview': { platform: QUESTIONNAIRE_IS_PLATFORMS, ids: { id: 'questionnaire' } },

	'/school-admin/students/list/:id': { ids: { id: 'oakStudent' }, ...OFFICE },
	'/school-admin/students/import/:id': { ids: { id: 'oakStudentJob' }, ...OFFICE },
	'/school-admin/students/import/:id/errors.csv': { ids: { id: 'oakStudentJob' }, ...OFFICE },
	'/school-admin/groups/:id': { ids: { id: 'oakGroup' }, ...OFFICE },
	'/school-admin/exports/:id': { ids: { id: 'oakExport' }, ...OFFICE },
	'/school-admin/exports/:id/download': { ids: { id: 'oakExport' }, ...OFFICE },
	'/school-admin/directory/import/:id': { ids: { id: 'oakStaffJob' }, ...OFFICE },
	'/school-admin/directory/import/:id/errors.csv': { ids: { id: 'oakStaffJob' }, ...OFFICE },

	// `questionnaires/:id` is a feedback the user must give; `feedback/:id` one given, here the professional's.
	'/need-manager/questionnaires/:id/domains': { ids: { id: 'oakSencoFeedback' }, ...NEED_MANAGER },
	'/need-manager/questionnaires/:id/domains/:domainId': { ids: { id: 'oakSencoFeedback', domainId: 'oakDomain' }, ...NEED_MANAGER },
	'/need-manager/feedback/:id': { ids: { id: 'oakTeacherGiven' }, ...NEED_MANAGER },
	'/need-manager/groups/:id': { ids: { id: 'oakGroup' }, ...NEED_MANAGER },
	'/need-manager/recommendations/:id': { ids: { id: 'oakProfile' }, ...NEED_MANAGER },

	'/professional/questionnaires/:id/domains': { ids: { id: 'oakTeacherFeedback' }, ...PROFESSIONAL },
	'/professional/questionnaires/:id/domains/:domainId': { ids: { id: 'oakTeacherFeedback', domainId: 'oakDomain' }, ...PROFESSIONAL },
	'/professional/feedback/:id': { ids: { id: 'oakTeacherGiven' }, ...PROFESSIONAL },
	'/professional/groups/:id': { ids: { id: 'oakGroup' }, ...PROFESSIONAL },

	'/students/profile/:id': { ids: { id: 'oakStudent' }, ...ANY_STAFF },
	'/students/profile/:id/analysis': { ids: { id: 'oakStudent' }, ...ANY_STAFF },
	'/students/profile/:id/comparison': { ids: { id: 'oakStudent' }, ...ANY_STAFF },
	'/students/profile/:id/reviews/:entryId': { ids: { id: 'oakStudent', entryId: 'oakPlanEntry' }, ...ANY_STAFF },
}

/** School users refused a platform record: Oakfield's own staff, each sent to their area. */
const SCHOOL_USERS = [
	{ email: 'office@oakfield.test', home: '/school-admin' },
	{ email: 'senco@oakfield.test', home: '/need-manager' },
	{ email: 'teacher@oakfield.test', home: '/professional' },
]
const PLATFORM_ADMIN = 'admin@spencer.test'

const ROUTES_WITH_IDS = routeTable().filter((route) => route.params.some(isIdName))
const isPlatform = (entry: Case): entry is PlatformCase => 'platform' in entry

let app: TestApp
let records: Records
const browsers = new Map<string, Browser>()

async function loadRecords() {
	const one = async (query: string, params: unknown[] = []) => {
		const [row] = await app.sql<{ id: string }>(query, params)
		if (!row) throw new Error(`no record for: ${query}`)
		return row.id
	}
	const oakfield = await one("select id from school where subdomain = 'oakfield'")
	const oakStudent = await one('select id from student where school_id = ? and archived = false order by upn limit 1', [oakfield])
	const oakProfile = await one('select id from profile where student_id = ? order by created_at limit 1', [oakStudent])
	const feedbackOf = (email: string, status: 'incomplete' | 'complete') =>
		one(
			`select f.id from feedback f join round r on r.id = f.round_id
			join school_membership m on m.id = f.respondent_id join users u on u.id = m.user_id
			where r.profile_id = ? and u.email = ? and f.status = ? order by r.index desc limit 1`,
			[oakProfile, email, status],
		)
	// Finished, so that no worker picks them up.
	const job = (kind: string) =>
		one(
			`insert into import_job (id, created_at, updated_at, school_id, kind, file_name, upload, status, finished_at)
			values (gen_random_uuid(), now(), now(), ?, ?, 'oakfield.csv', '\\x', 'completed_with_errors', now()) returning id`,
			[oakfield, kind],
		)
	// Ready exports with an empty file (no chunk): a student's, and the whole school's.
	const ready = (kind: string, studentId: string | null) =>
		one(
			`insert into data_export (id, created_at, updated_at, school_id, kind, student_id, status, file_name, finished_at, expires_at)
			values (gen_random_uuid(), now(), now(), ?, ?, ?, 'ready', 'export.zip', now(), now() + interval '7 days') returning id`,
			[oakfield, kind, studentId],
		)
	// A plan entry of the student (ADR 072), with a recommendation not already on their plan.
	const oakPlanEntry = await one(
		`insert into student_recommendation (id, created_at, updated_at, student_id, recommendation_id, status, review_on)
		select gen_random_uuid(), now(), now(), ?, r.id, 'active', current_date from recommendation r
		where not exists (select 1 from student_recommendation sr where sr.student_id = ? and sr.recommendation_id = r.id)
		order by r.title limit 1 returning id`,
		[oakStudent, oakStudent],
	)
	// A school offboarded earlier: what is left of it is its line in the platform's trail (ADR 081).
	const offboardedSchool = await one(
		`insert into audit_event (id, created_at, updated_at, action, entity_type, entity_id, at)
		values (gen_random_uuid(), now(), now(), 'school.offboard', 'School', gen_random_uuid()::text, now()) returning entity_id as id`,
	)
	return {
		oakfield,
		offboardedSchool,
		oakPlanEntry,
		oakExport: await ready('student', oakStudent),
		oakSchoolExport: await ready('school', null),
		questionnaire: await one('select questionnaire_id as id from profile where id = ?', [oakProfile]),
		oakStudent,
		oakProfile,
		oakGroup: await one("select id from student_group where school_id = ? and name = 'Nurture group'", [oakfield]),
		oakStudentJob: await job('students'),
		oakStaffJob: await job('directory'),
		oakSencoFeedback: await feedbackOf('senco@oakfield.test', 'incomplete'),
		oakTeacherFeedback: await feedbackOf('teacher@oakfield.test', 'incomplete'),
		oakTeacherGiven: await feedbackOf('teacher@oakfield.test', 'complete'),
		oakDomain: await one('select d.id from domain d join profile p on p.questionnaire_id = d.questionnaire_id where p.id = ? order by d.position limit 1', [
			oakProfile,
		]),
	}
}

const urlOf = (route: RouteEntry, entry: Case) =>
	fillPattern(route.pattern, (name) => {
		const record = entry.ids[name]
		return record && records[record]
	})

const browser = (email: string) => {
	const signedIn = browsers.get(email)
	if (!signedIn) throw new Error(`${email} is not signed in: add them to the matrix's users`)
	return signedIn
}

/** A post no route understands: the record must be refused before the form is read. */
const PROBE = { intent: 'tenancy-probe' }

/** What a refused request could have written: nothing, if the matrix holds. */
const snapshot = () =>
	Promise.all([
		app.sql('select count(*)::int as n from audit_event'),
		app.sql('select status, count(*)::int as n from feedback group by status order by status'),
		app.sql('select count(*)::int as n, max(updated_at) as last from answer'),
		app.sql('select count(*)::int as n, max(updated_at) as last from student'),
	])

let before: unknown

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	records = await loadRecords()
	const emails = new Set([
		PLATFORM_ADMIN,
		...SCHOOL_USERS.map((user) => user.email),
		...Object.values(MATRIX).flatMap((entry) => (isPlatform(entry) ? [] : [...entry.strangers, entry.owner])),
	])
	for (const email of emails) {
		const signedIn = new Browser(app)
		await signedIn.signIn(email)
		browsers.set(email, signedIn)
	}
	before = await snapshot()
})
afterAll(() => app?.close())

describe('every route of app/routes.ts with an id in its path has a tenancy case', () => {
	test.each(ROUTES_WITH_IDS.map((route) => [route.pattern]))('%s', (pattern) => {
		expect(MATRIX[pattern], `${pattern} has no case: add one to MATRIX in tests/integration/tenancy-matrix.test.ts`).toBeDefined()
	})

	test('and every case is such a route', () => {
		const patterns = new Set(ROUTES_WITH_IDS.map((route) => route.pattern))
		expect(Object.keys(MATRIX).filter((pattern) => !patterns.has(pattern))).toEqual([])
	})
})

describe('another school’s record answers 404 to the staff of another school', () => {
	const cases = ROUTES_WITH_IDS.flatMap((route) => {
		const entry = MATRIX[route.pattern]
		return entry && !isPlatform(entry) ? [[route.pattern, route, entry] as const] : []
	})
	test.each(cases)('%s', async (_, route, entry) => {
		const url = urlOf(route, entry)
		for (const email of entry.strangers) {
			expect((await browser(email).request(url)).status, `GET ${url} as ${email}`).toBe(404)
		}
		if (route.hasAction) {
			const [poster] = entry.strangers
			expect((await browser(poster!).post(url, PROBE)).status, `POST ${url} as ${poster}`).toBe(404)
		}
	})

	test('and nothing was written', async () => {
		expect(await snapshot()).toEqual(before)
	})
})

describe('a platform record sends school users to their own home', () => {
	const cases = ROUTES_WITH_IDS.flatMap((route) => {
		const entry = MATRIX[route.pattern]
		return entry && isPlatform(entry) ? [[`${route.pattern} (${entry.platform})`, route, entry] as const] : []
	})
	test.each(cases)('%s', async (_, route, entry) => {
		const url = urlOf(route, entry)
		for (const { email, home } of SCHOOL_USERS) {
			const requests = [() => browser(email).request(url), ...(route.hasAction ? [() => browser(email).post(url, PROBE)] : [])]
			for (const request of requests) {
				const response = await request()
				expect(response.status, `${url} as ${email}`).toBe(302)
				expect(response.headers.get('Location'), `${url} as ${email}`).toBe(home)
			}
		}
		expect((await browser(PLATFORM_ADMIN).request(url)).status, `${url} as the platform admin`).toBe(200)
	})
})

describe('the owner opens every URL of the matrix (the ids are real)', () => {
	const cases = ROUTES_WITH_IDS.flatMap((route) => {
		const entry = MATRIX[route.pattern]
		return entry && !isPlatform(entry) ? [[route.pattern, route, entry] as const] : []
	})
	test.each(cases)('%s', async (_, route, entry) => {
		const url = urlOf(route, entry)
		expect((await browser(entry.owner).request(url)).status, `${url} as ${entry.owner}`).toBe(200)
	})
})
