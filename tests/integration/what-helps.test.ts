import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * What helps, across the school (issue 18, item 4; ADR 074) through HTTP, on the demo with a fixture added to Oakfield:
 * a recommendation six students had (their latest recorded outcomes +2, +1, +1, 0, −1 and one not reviewed; an older −2
 * superseded; the changes their latest reviews measured: Anxiety need down 2, 1, 1, 1, 0, none for the sixth), and
 * one three students had.
 * Riverside's students had the first too, and are never counted in Oakfield's. Both staff areas, the CSV, the
 * filters, the suppression of rows under 5, the refusals, and queries constant in the number of students.
 */
let app: TestApp
const browsers: Record<'senco' | 'office' | 'teacher' | 'riverside', Browser> = {} as never
const stamp = Date.now().toString(36)
const SIX = `Fixture six ${stamp}`
const THREE = `Fixture three ${stamp}`
const ids = { oakfield: '', riverside: '', anxiety: '', friendships: '', allNine: '', fiveOfSix: '', riversideGroup: '' }
let sixNames: string[] = []

const one = async <T>(query: string, params: unknown[] = []) => {
	const [row] = await app.sql<T>(query, params)
	if (!row) throw new Error(`no row for: ${query}`)
	return row
}
const html = async (browser: Browser, path: string) => {
	const response = await browser.request(path)
	expect(response.status, path).toBe(200)
	return response.text()
}
/** The cells of the table row whose header is `title`, as text. */
function rowCells(page: string, title: string): string[] {
	const row = [...page.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((match) => match[0]).find((tr) => tr.includes(title))
	if (!row) return []
	return [...row.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((match) => textOf(match[1]!).trim())
}
const csvLine = (csv: string, title: string) => csv.split('\r\n').find((line) => line.startsWith(title))

/**
 * A plan entry of the student's, added the day after their first round opened, with reviews (oldest first), each with
 * the measured change a review records (ADR 075): `change` in need over 2 rounds, or none (not enough data).
 */
async function entry(studentId: string, recommendationId: string, outcomes: number[], change: number | null = null) {
	const id = randomUUID()
	await app.sql(
		`insert into student_recommendation (id, created_at, updated_at, student_id, recommendation_id, status)
		select ?, (min(r.opens_on) + 1)::timestamptz, now(), ?, ?, 'active' from round r join profile p on p.id = r.profile_id where p.student_id = ?`,
		[id, studentId, recommendationId, studentId],
	)
	const { school_id } = await one<{ school_id: string }>('select school_id from student where id = ?', [studentId])
	for (const [index, outcome] of outcomes.entries()) {
		await app.sql(
			`insert into recommendation_review (id, created_at, updated_at, school_id, entry_id, reviewed_on, outcome, decision, measured_change, measured_rounds)
			values (?, now(), now(), ?, ?, ?, ?, 'continue', ?, ?)`,
			[randomUUID(), school_id, id, `2026-0${index + 1}-15`, outcome, change, change === null ? null : 2],
		)
	}
}

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' }, { schedule: false })
	const school = async (subdomain: string) => (await one<{ id: string }>('select id from school where subdomain = ?', [subdomain])).id
	const theme = async (name: string) => (await one<{ id: string }>('select id from theme where name = ?', [name])).id
	Object.assign(ids, { oakfield: await school('oakfield'), riverside: await school('riverside'), anxiety: await theme('Anxiety'), friendships: await theme('Friendships') })
	const recommendation = async (title: string) => {
		const id = randomUUID()
		await app.sql(`insert into recommendation (id, created_at, updated_at, title, description, theme_id, severity) values (?, now(), now(), ?, 'Fixture', ?, 'medium')`, [id, title, ids.anxiety])
		return id
	}
	const [six, three] = [await recommendation(SIX), await recommendation(THREE)]
	const students = await app.sql<{ id: string; name: string }>(
		"select id, first_name || ' ' || last_name as name from student where school_id = ? and not archived order by upn limit 9",
		[ids.oakfield],
	)
	const sixStudents = students.slice(0, 6)
	sixNames = sixStudents.map((student) => student.name)
	const outcomes = [[-2, 2], [1], [1], [0], [-1], []]
	// Their need on Anxiety down 2, 1, 1, 1, 0; the sixth, never reviewed, has no measured change.
	const changes = [-2, -1, -1, -1, 0, null]
	for (const [index, student] of sixStudents.entries()) await entry(student.id, six, outcomes[index]!, changes[index])
	for (const student of students.slice(6)) await entry(student.id, three, [2])
	// Four of the six in Year 3, two in Year 4 (and the three in Year 5).
	for (const [index, student] of students.entries()) {
		await app.sql('update student set year_group = ? where id = ?', [index < 4 ? 'Year 3' : index < 6 ? 'Year 4' : 'Year 5', student.id])
	}
	const group = async (schoolId: string, name: string, members: { id: string }[]) => {
		const id = randomUUID()
		await app.sql('insert into student_group (id, created_at, updated_at, school_id, name) values (?, now(), now(), ?, ?)', [id, schoolId, name])
		for (const member of members) await app.sql('insert into group_student (group_id, student_id) values (?, ?)', [id, member.id])
		return id
	}
	ids.allNine = await group(ids.oakfield, `All nine ${stamp}`, students)
	ids.fiveOfSix = await group(ids.oakfield, `Five of six ${stamp}`, sixStudents.slice(0, 5))
	// Riverside's students had the same recommendation: 5 more, all "much worse", that would show if counted at Oakfield.
	const riverside = await app.sql<{ id: string }>('select id from student where school_id = ? and not archived order by upn limit 5', [ids.riverside])
	for (const student of riverside) await entry(student.id, six, [-2])
	ids.riversideGroup = await group(ids.riverside, `Riverside ${stamp}`, riverside)

	for (const [key, email] of [
		['senco', 'senco@oakfield.test'],
		['office', 'office@oakfield.test'],
		['teacher', 'teacher@oakfield.test'],
		['riverside', 'office@riverside.test'],
	] as const) {
		browsers[key] = new Browser(app)
		await browsers[key].signIn(email)
	}
})
afterAll(() => app?.close())

const SIX_CELLS = [SIX, 'Anxiety', '6', '0', '1', '1', '2', '1', '1', 'need down 1.0', '2']
const THREE_CELLS = [THREE, 'Anxiety', 'fewer than 5', '', '', '', '', '', '', '', '']

describe('the report', () => {
	test.each([
		['need manager', 'senco', '/need-manager/what-helps'],
		['school admin', 'office', '/school-admin/what-helps'],
	] as const)('as the %s: six students’ counts, latest outcomes and median change; three students only "fewer than 5"', async (_, who, path) => {
		const page = await html(browsers[who], path)
		expect(rowCells(page, SIX)).toEqual(SIX_CELLS)
		expect(rowCells(page, THREE)).toEqual(THREE_CELLS)
		const text = textOf(page)
		expect(text).toContain('What helps · Spencer')
		expect(text).toContain('These are observations, not proof.')
		// In the sidebar, and a chart picture of the shown rows with the table.
		expect(page).toMatch(new RegExp(`href="${path}"[^>]*>[\\s\\S]*?What helps`))
		expect(page).toContain('data-chart-picture')
		// No child's name, and no causal wording, in the report.
		const main = textOf(/<main\b[\s\S]*<\/main>/.exec(page)![0])
		for (const name of sixNames) expect(main).not.toContain(name)
		expect(main).not.toMatch(/\b(works?|worked|caused|because|effective)\b/i)
	})

	test('the CSV: the same cells, suppressed rows as "fewer than 5", and no child named', async () => {
		for (const path of ['/need-manager/what-helps.csv', '/school-admin/what-helps.csv']) {
			const response = await browsers[path.startsWith('/need') ? 'senco' : 'office'].request(path)
			expect(response.status).toBe(200)
			expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/)
			expect(response.headers.get('Content-Disposition')).toContain('what-helps.csv')
			const csv = await response.text()
			expect(csv.split('\r\n')[0]).toBe(
				'Recommendation,Theme,Students,Much worse (−2),Worse (−1),No change (0),Better (+1),Much better (+2),Not reviewed yet,Median measured change,Rounds since (median)',
			)
			expect(csvLine(csv, SIX)).toBe(SIX_CELLS.join(','))
			expect(csvLine(csv, THREE)).toBe(THREE_CELLS.join(','))
			for (const name of sixNames) expect(csv).not.toContain(name)
		}
	})

	test('filters narrow the rows, and a filter that leaves fewer than 5 suppresses', async () => {
		const senco = browsers.senco
		// Year 3 has four of the six: "fewer than 5"; Year 5 has the three and none of the six.
		const year3 = await html(senco, '/need-manager/what-helps?yearGroup=Year+3')
		expect(rowCells(year3, SIX)).toEqual([SIX, 'Anxiety', 'fewer than 5', '', '', '', '', '', '', '', ''])
		expect(rowCells(year3, THREE)).toEqual([])
		const year5 = await html(senco, '/need-manager/what-helps?yearGroup=Year+5')
		expect(rowCells(year5, SIX)).toEqual([])
		expect(rowCells(year5, THREE)).toEqual(THREE_CELLS)
		// The group of all nine: every one of the six, so the row as the whole school's.
		expect(rowCells(await html(senco, `/need-manager/what-helps?group=${ids.allNine}`), SIX)).toEqual(SIX_CELLS)
		// Five of the six: one left out, whom the whole school's row less this one would describe.
		expect(rowCells(await html(senco, `/need-manager/what-helps?group=${ids.fiveOfSix}`), SIX)).toEqual([
			SIX,
			'Anxiety',
			'hidden: fewer than 5 left out by the filters',
			...Array.from({ length: 8 }, () => ''),
		])
		// Another theme has neither; the CSV takes the same filters.
		const friendships = await html(senco, `/need-manager/what-helps?theme=${ids.friendships}`)
		expect(rowCells(friendships, SIX)).toEqual([])
		expect(rowCells(await html(senco, `/need-manager/what-helps?theme=${ids.anxiety}&group=${ids.allNine}`), SIX)).toEqual(SIX_CELLS)
		const csv = await (await senco.request('/need-manager/what-helps.csv?yearGroup=Year+3')).text()
		expect(csvLine(csv, SIX)).toBe(`${SIX},Anxiety,fewer than 5,,,,,,,,`)
		expect(csvLine(csv, THREE)).toBeUndefined()
	})

	test('with both a group and a year group, 1–4 students left out of either filter’s view alone hide the row (ADR 104)', async () => {
		// A recommendation eleven other students had: five in Year 6 and one in Year 4 make a group; five more in Year 5.
		const title = `Fixture eleven ${stamp}`
		const recommendationId = randomUUID()
		await app.sql(`insert into recommendation (id, created_at, updated_at, title, description, theme_id, severity) values (?, now(), now(), ?, 'Fixture', ?, 'medium')`, [recommendationId, title, ids.anxiety])
		const eleven = await app.sql<{ id: string }>('select id from student where school_id = ? and not archived order by upn offset 9 limit 11', [ids.oakfield])
		for (const [index, student] of eleven.entries()) {
			await entry(student.id, recommendationId, [index === 5 ? -2 : 1])
			await app.sql('update student set year_group = ? where id = ?', [index < 5 ? 'Year 6' : index === 5 ? 'Year 4' : 'Year 5', student.id])
		}
		const makeGroup = async (name: string, members: { id: string }[]) => {
			const id = randomUUID()
			await app.sql('insert into student_group (id, created_at, updated_at, school_id, name) values (?, now(), now(), ?, ?)', [id, ids.oakfield, name])
			for (const member of members) await app.sql('insert into group_student (group_id, student_id) values (?, ?)', [id, member.id])
			return id
		}
		const six = await makeGroup(`Six ${stamp}`, eleven.slice(0, 6))
		const fiveOfYear6 = await makeGroup(`Year 6 five ${stamp}`, eleven.slice(0, 5))
		const view = async (query: string) => rowCells(await html(browsers.senco, `/need-manager/what-helps?${query}`), title)
		// The group alone: six students, five left out of the school's eleven, shown.
		expect((await view(`group=${six}`)).slice(0, 3)).toEqual([title, 'Anxiety', '6'])
		// The group within Year 6 leaves out of the group's own view its one Year 4 student, whom the two rows would describe.
		expect(await view(`group=${six}&yearGroup=Year+6`)).toEqual([title, 'Anxiety', 'hidden: fewer than 5 left out by the filters', ...Array.from({ length: 8 }, () => '')])
		const csv = await (await browsers.senco.request(`/need-manager/what-helps.csv?group=${six}&yearGroup=Year+6`)).text()
		expect(csvLine(csv, title)).toBe(`${title},Anxiety,hidden: fewer than 5 left out by the filters,,,,,,,,`)
		// Both filters leaving nobody out of each other's view: shown.
		expect((await view(`group=${fiveOfYear6}&yearGroup=Year+6`)).slice(0, 3)).toEqual([title, 'Anxiety', '5'])
	})

	test('another school’s plan entries are never counted, and it sees its own only', async () => {
		const page = await html(browsers.riverside, '/school-admin/what-helps')
		// Riverside's five "much worse", not Oakfield's six (their measured change is the demo's own answers').
		expect(rowCells(page, SIX).slice(0, 9)).toEqual([SIX, 'Anxiety', '5', '5', '0', '0', '0', '0', '0'])
		expect(rowCells(page, THREE)).toEqual([])
	})
})

describe('refusals', () => {
	test('a professional is sent to their own area, from the page and the CSV', async () => {
		for (const path of ['/need-manager/what-helps', '/need-manager/what-helps.csv', '/school-admin/what-helps', '/school-admin/what-helps.csv']) {
			const response = await browsers.teacher.request(path)
			expect(response.status, path).toBe(302)
			expect(response.headers.get('Location'), path).toMatch(/^\/professional/)
		}
	})

	test('another school’s group, or an unknown one or theme: 404, page and CSV', async () => {
		for (const query of [`group=${ids.riversideGroup}`, `group=${randomUUID()}`, `theme=${randomUUID()}`]) {
			for (const path of ['/need-manager/what-helps', '/school-admin/what-helps.csv']) {
				const response = await browsers[path.startsWith('/need') ? 'senco' : 'office'].request(`${path}?${query}`)
				expect(response.status, `${path}?${query}`).toBe(404)
				expect(await response.text()).not.toContain('Riverside')
			}
		}
	})

	test('a group deleted since the link was made: 404 with the filters to choose again and why, no counts', async () => {
		const gone = randomUUID()
		await app.sql('insert into student_group (id, created_at, updated_at, school_id, name) values (?, now(), now(), ?, ?)', [gone, ids.oakfield, 'Gone soon'])
		await app.sql('delete from student_group where id = ?', [gone])
		const response = await browsers.senco.request(`/need-manager/what-helps?group=${gone}`)
		expect(response.status).toBe(404)
		const html = await response.text()
		expect(textOf(html)).toContain('That group is not one of your school’s groups now (it may have been deleted). Choose a group from the list.')
		// The school's groups are offered again; nothing is counted.
		expect(html).toContain(`value="${ids.allNine}"`)
		expect(html).not.toContain('<table')
		expect(html).not.toContain('Riverside')
		const csv = await browsers.office.request(`/school-admin/what-helps.csv?group=${gone}`)
		expect(csv.status).toBe(404)
	})

	test.each([
		['group=not-a-group', 'Choose a group from the list.'],
		['yearGroup=Year+99', 'Choose a year group from the list.'],
		['theme=1%20or%201%3D1', 'Choose a theme from the list.'],
		[`yearGroup=${'9'.repeat(400)}`, 'Choose a year group from the list.'],
	])('?%s: 400 with "Illegal input", never a 5xx', async (query, message) => {
		const page = await browsers.senco.request(`/need-manager/what-helps?${query}`)
		expect(page.status).toBe(400)
		const text = textOf(await page.text())
		expect(text).toContain('Illegal input')
		expect(text).toContain(message)
		const csv = await browsers.office.request(`/school-admin/what-helps.csv?${query}`)
		expect(csv.status).toBe(400)
	})

	test('a NUL byte or a control character in a filter: 400 before the route, never a 5xx', async () => {
		for (const query of ['group=%00', 'yearGroup=Year%0D3', 'theme=%FF%FE']) {
			for (const path of ['/need-manager/what-helps', '/school-admin/what-helps.csv']) {
				const response = await browsers[path.startsWith('/need') ? 'senco' : 'office'].request(`${path}?${query}`)
				expect(response.status, `${path}?${query}`).toBeGreaterThanOrEqual(400)
				expect(response.status, `${path}?${query}`).toBeLessThan(500)
			}
		}
	})
})

test('queries constant in the number of students: a school of 5 and one of 50', async () => {
	const { password_hash } = await one<{ password_hash: string }>("select password_hash from users where email = 'senco@oakfield.test'")
	const { id: recommendationId } = await one<{ id: string }>('select id from recommendation where title = ?', [SIX])
	let serial = 0
	const schoolOf = async (size: number) => {
		const schoolId = randomUUID()
		const subdomain = `helps-${size}-${stamp}`
		await app.sql(`insert into school (id, created_at, updated_at, name, subdomain, type) values (?, now(), now(), ?, ?, 'Primary')`, [schoolId, subdomain, subdomain])
		const userId = randomUUID()
		const email = `senco@${subdomain}.test`
		await app.sql(`insert into users (id, created_at, updated_at, email, first_name, last_name, password_hash) values (?, now(), now(), ?, 'Size', 'Senco', ?)`, [userId, email, password_hash])
		await app.sql(
			`insert into school_membership (id, created_at, updated_at, user_id, school_id, role, access, first_name, last_name) values (?, now(), now(), ?, ?, 'needManager', 'active', 'Size', 'Senco')`,
			[randomUUID(), userId, schoolId],
		)
		for (let i = 0; i < size; i++) {
			const studentId = randomUUID()
			await app.sql(
				`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
				values (?, now(), now(), ?, ?, 'Size', ?, '2016-01-01', 'Male', 'Year 1', 'none', false)`,
				[studentId, schoolId, withCheckLetter(`77${stamp.length % 10}${String(size).padStart(2, '0')}${String(serial++).padStart(7, '0')}`), `Pupil ${i}`],
			)
			const entryId = randomUUID()
			await app.sql(`insert into student_recommendation (id, created_at, updated_at, student_id, recommendation_id, status) values (?, now(), now(), ?, ?, 'done')`, [
				entryId,
				studentId,
				recommendationId,
			])
			await app.sql(`insert into recommendation_review (id, created_at, updated_at, school_id, entry_id, reviewed_on, outcome, decision) values (?, now(), now(), ?, ?, '2026-10-01', 1, 'stop')`, [
				randomUUID(),
				schoolId,
				entryId,
			])
		}
		const browser = new Browser(app)
		await browser.signIn(email)
		return browser
	}
	const counts = []
	for (const size of [5, 50]) {
		const browser = await schoolOf(size)
		const response = await browser.request('/need-manager/what-helps')
		expect(response.status).toBe(200)
		expect(rowCells(await response.text(), SIX).slice(2, 3)).toEqual([String(size)])
		counts.push(Number(response.headers.get('X-Query-Count')))
	}
	expect(counts[0]).toBeGreaterThan(0)
	expect(counts[1]).toBe(counts[0])
})
