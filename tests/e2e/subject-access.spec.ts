import { withCheckLetter } from '../../app/lib/upn.ts'
import { downloadZip, hasJs, signIn, untilJobShows } from './helpers.ts'
import { expect, test } from './fixtures.ts'
import { expectedFromSeed } from './seed-replica.ts'

const upnOf = (serial: number) => withCheckLetter(`33024${String(serial).padStart(7, '0')}`)

test('[17.1] the school admin exports a demo student: the ZIP’s report names every answer, with who gave it', async ({ page }) => {
	// The demo seeded a second time in this process (the same eight students as student-views, so one cached seeding).
	test.setTimeout(120_000)
	const candidates = await expectedFromSeed([20, 21, 22, 23, 24, 25, 26, 27].map(upnOf))
	const student = candidates[hasJs() ? 6 : 7]!
	expect(student.answers.length).toBeGreaterThan(25)

	await signIn(page, 'office@oakfield.test')
	await page.goto(`/school-admin/students/list?q=${student.upn}`)
	await page.getByRole('link', { name: student.name }).first().click()
	await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()

	const section = page.getByRole('region', { name: 'Subject access export' })
	await expect(section).toContainText('Staff of other schools are not named')
	await section.getByRole('button', { name: 'Prepare an export' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Subject access export: ${student.name}` })).toBeVisible()
	const download = page.getByRole('link', { name: /^Download spencer-subject-access-/ })
	await untilJobShows(page, download)
	await expect(page.getByText(/It is deleted on \d\d\/\d\d\/\d{4}/)).toBeVisible()

	const { name: fileName, files } = await downloadZip(page, download)
	expect(fileName).toMatch(new RegExp(`^spencer-subject-access-${student.upn}-\\d{4}-\\d\\d-\\d\\d\\.zip$`))
	expect(Object.keys(files).sort()).toEqual(['access-log.csv', 'answers.csv', 'plan-reviews.csv', 'plan.csv', 'report.html', 'scores.csv', 'student.json'])

	// The report, read as a person would: every answer's question, the answer and its respondent, in one table row.
	const report = files['report.html']!
	const answers = new Set(
		[...report.matchAll(/<caption>Answers of ([^<]+), round \d+<\/caption>[\s\S]*?<\/table>/g)].flatMap(([table, respondent]) =>
			[...table.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>[^<]*<\/td><td>([^<]+)<\/td>/g)].map(([, question, answer]) => `${respondent} | ${question} | ${answer}`),
		),
	)
	const decode = (text: string) => text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')
	const found = new Set([...answers].map(decode))
	for (const answer of student.answers) expect(found, `${answer.respondent}: ${answer.question}`).toContain(`${answer.respondent} | ${answer.question} | ${answer.answer}`)
	expect(files['answers.csv']!.trim().split('\r\n')).toHaveLength(student.answers.length + 1)

	// The student's page lists the export.
	await page.getByRole('link', { name: student.name }).click()
	await expect(page.getByRole('region', { name: 'Subject access export' }).getByRole('table', { name: 'Exports kept' })).toContainText('Ready to download')
})
