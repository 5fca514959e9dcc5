import { toCsv } from '#app/lib/csv.ts'
import { formatDate, formatDateTime, formatScore } from '#app/lib/format.ts'
import { BAND_LABELS } from '#app/lib/scoring.ts'
import { WITHHELD_STAFF } from '#app/lib/respondents.ts'
import { PLATFORM_SUPPORT, type StudentRecord } from './export-records.server.ts'

/**
 * The files of a subject access export (ADR 071), from one student's record: a report a parent can read (HTML that
 * opens in any browser, prints, and needs nothing else), the same in JSON for a machine, and CSV tables of the answers,
 * scores, plan, its reviews and access log for a spreadsheet. A school's export holds these for each student, in a folder named
 * after the UPN, beside the school's own tables.
 */

export type ExportFile = { name: string; text: string }
export type ExportContext = { schoolName: string; generatedAt: string }

export const WITHHELD_NOTE =
	`Some people are not named. Staff of another school (the student may have been assessed there before joining this school) are shown as “${WITHHELD_STAFF}”: ` +
	'they are third parties, and the UK GDPR lets the school withhold their names in answer to a subject access request. ' +
	`Spencer’s own support staff are shown as “${PLATFORM_SUPPORT}”. Everything these people wrote or did about the student is included.`

export function studentFiles(record: StudentRecord, context: ExportContext, folder = ''): ExportFile[] {
	return [
		{ name: `${folder}report.html`, text: studentReport(record, context) },
		{ name: `${folder}student.json`, text: JSON.stringify({ school: context.schoolName, generatedAt: context.generatedAt, note: WITHHELD_NOTE, student: record }, null, 2) },
		{ name: `${folder}answers.csv`, text: answersCsv(record) },
		{ name: `${folder}scores.csv`, text: scoresCsv(record) },
		{ name: `${folder}plan.csv`, text: planCsv(record) },
		{ name: `${folder}plan-reviews.csv`, text: planReviewsCsv(record) },
		{ name: `${folder}access-log.csv`, text: accessCsv(record) },
	]
}

function answersCsv(record: StudentRecord): string {
	const rows: (string | number | null)[][] = [['Questionnaire', 'Round', 'Round opened', 'Respondent', 'Feedback status', 'Submitted at', 'Domain', 'Theme', 'Question', 'Answer', 'Value (0–4)', 'Answered at']]
	for (const profile of record.profiles)
		for (const round of profile.rounds)
			for (const feedback of round.feedback)
				for (const answer of feedback.answers)
					rows.push([
						profile.questionnaire,
						round.number,
						round.opensOn,
						feedback.respondent,
						feedback.status,
						feedback.submittedAt,
						answer.domain,
						answer.theme,
						answer.question,
						answer.answer,
						answer.value,
						answer.answeredAt,
					])
	return toCsv(rows)
}

function scoresCsv(record: StudentRecord): string {
	const rows: (string | number | null)[][] = [['Questionnaire', 'Round', 'Round opened', 'Kind', 'Name', 'Score (0–4)', 'Band', 'Feedback counted']]
	for (const profile of record.profiles)
		for (const round of profile.rounds)
			for (const [kind, lines] of [['Domain', round.domains], ['Theme', round.themes]] as const)
				for (const line of lines) rows.push([profile.questionnaire, round.number, round.opensOn, kind, line.name, formatScore(line.score), BAND_LABELS[line.band], round.feedbackCounted])
	return toCsv(rows)
}

function planCsv(record: StudentRecord): string {
	return toCsv([
		['Recommendation', 'Theme', 'Status', 'Note', 'Added at', 'Added by', 'Removed at', 'Removed by', 'Next review', 'Owner'],
		...record.plan.map((line) => [line.title, line.theme, line.status, line.note, line.addedAt, line.addedBy, line.removedAt, line.removedBy, line.nextReviewOn, line.owner]),
	])
}

/** Every review of the plan's entries, a line each: the recommendation, then the review as the school recorded it. */
function planReviewRows(record: StudentRecord, date: (day: string) => string): (string | number | null)[][] {
	return record.plan.flatMap((line) =>
		line.reviews.map((review) => [line.title, date(review.reviewedOn), review.reviewedBy, review.outcome, review.decision, review.note, review.measuredChange === null ? null : formatScore(review.measuredChange), review.measuredRounds]),
	)
}
const PLAN_REVIEW_COLUMNS = ['Recommendation', 'Reviewed on', 'Reviewed by', 'Outcome seen', 'Decision', 'Note', 'Measured change in need', 'Rounds measured']

function planReviewsCsv(record: StudentRecord): string {
	return toCsv([PLAN_REVIEW_COLUMNS, ...planReviewRows(record, (day) => day)])
}

function accessCsv(record: StudentRecord): string {
	return toCsv([['At', 'What', 'Who'], ...record.access.map((line) => [line.at, line.action, line.by])])
}

const escape = (value: string | number | null | undefined) =>
	String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function table(caption: string, header: string[], rows: (string | number | null | undefined)[][], empty: string): string {
	if (!rows.length) return `<p>${escape(empty)}</p>`
	return (
		`<table><caption>${escape(caption)}</caption><thead><tr>${header.map((cell) => `<th scope="col">${escape(cell)}</th>`).join('')}</tr></thead><tbody>` +
		rows.map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${escape(cell)}</th>` : `<td>${escape(cell)}</td>`)).join('')}</tr>`).join('') +
		'</tbody></table>'
	)
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}h3{font-size:1.1rem}h4{font-size:1rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}caption{text-align:left;font-weight:600}
th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}thead th{background:#f1f5f9}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}.note{background:#f8fafc;border-left:4px solid #3b5781;padding:.5rem 1rem}
@media print{h2{break-after:avoid}table{break-inside:auto}}`

/** The readable report of one student: a whole HTML document that names every answer. */
export function studentReport(record: StudentRecord, context: ExportContext): string {
	const name = `${record.firstName} ${record.lastName}`
	const details: [string, string][] = [
		['UPN', record.upn],
		['Name', name],
		['Date of birth', formatDate(record.dateOfBirth)],
		['Gender', record.gender],
		['Year group', record.yearGroup],
		['SEN status', record.senStatus],
		['Archived', record.archived ? (record.archivedAt ? `Yes, since ${formatDateTime(record.archivedAt)}` : 'Yes') : 'No'],
		['Kept past the retention period', record.retentionHold ? `${record.retentionHold.reason} (${record.retentionHold.until ? `until ${formatDate(record.retentionHold.until)}` : 'until the hold is lifted'})` : 'No'],
		['Added to Spencer', formatDateTime(record.createdAt)],
		['Details last changed', formatDateTime(record.updatedAt)],
		['Groups', record.groups.join(', ') || 'None'],
	]
	const profiles = record.profiles
		.map((profile, p) => {
			const rounds = profile.rounds
				.map((round) => {
					const scores = table(
						`Scores of round ${round.number} (${round.feedbackCounted} submitted feedback counted)`,
						['Domain or theme', 'Kind', 'Score (0–4)', 'Band'],
						[...round.domains.map((line) => [line.name, 'Domain', formatScore(line.score), BAND_LABELS[line.band]]), ...round.themes.map((line) => [line.name, 'Theme', formatScore(line.score), BAND_LABELS[line.band]])],
						'No submitted feedback in this round, so no scores.',
					)
					const feedback = round.feedback
						.map(
							(entry) =>
								`<h4>${escape(entry.respondent)}: ${escape(entry.status)}${entry.submittedAt ? `, submitted ${escape(formatDateTime(entry.submittedAt))}` : ''}</h4>` +
								table(
									`Answers of ${entry.respondent}, round ${round.number}`,
									['Question', 'Domain', 'Answer', 'Answered at'],
									entry.answers.map((answer) => [answer.question, answer.domain, answer.answer, formatDateTime(answer.answeredAt)]),
									'No answers given.',
								),
						)
						.join('')
					return `<h3>Round ${round.number}, opened ${escape(formatDate(round.opensOn))}</h3>${scores}${feedback || '<p>No respondent was asked in this round.</p>'}`
				})
				.join('')
			return (
				`<section aria-labelledby="profile-${p}"><h2 id="profile-${p}">Profile: ${escape(profile.questionnaire)}, from ${escape(formatDate(profile.startDate))}</h2>` +
				`<dl><dt>Kind</dt><dd>${escape(profile.kind)}${profile.intervalWeeks ? `, every ${profile.intervalWeeks} weeks` : ''}</dd>` +
				`<dt>Status</dt><dd>${escape(profile.status)}${profile.endDate ? `, ends ${escape(formatDate(profile.endDate))}` : ''}</dd>` +
				`<dt>Created</dt><dd>${escape(formatDateTime(profile.createdAt))}${profile.createdBy ? ` by ${escape(profile.createdBy)}` : ''}</dd>` +
				`<dt>Respondents</dt><dd>${escape(profile.respondents.join(', ') || 'None')}</dd></dl>` +
				(rounds || '<p>No round has opened yet.</p>') +
				'</section>'
			)
		})
		.join('')
	return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`Subject access report: ${name}`)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escape(`What Spencer holds about ${name}`)}</h1>
<p>${escape(`Prepared for ${context.schoolName} on ${formatDateTime(context.generatedAt)} (UK time), in answer to a subject access request. Spencer is the wellbeing and needs tool the school uses; the school is the data controller.`)}</p>
<p class="note">${escape(WITHHELD_NOTE)}</p>
<p>${escape('The same information is in student.json (for a computer) and in the CSV files beside this report (for a spreadsheet): answers.csv, scores.csv, plan.csv, plan-reviews.csv and access-log.csv.')}</p>
<h2>Details</h2><dl>${details.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>
<h2>Staff who work with the student</h2>
${table('Professionals', ['Name', 'Job title', 'Role'], record.professionals.map((line) => [line.name, line.jobTitle, line.key ? 'Key professional' : 'Connected professional']), 'No professional is linked to the student.')}
<h2>Transfers between schools</h2>
${table('Transfer requests', ['Requested at', 'From', 'To', 'Status', 'Requested by', 'Note', 'Decided at', 'Decided by', 'Reason'], record.transfers.map((line) => [formatDateTime(line.requestedAt), line.from, line.to, line.status, line.requestedBy, line.note, formatDateTime(line.decidedAt), line.decidedBy, line.reason]), 'No transfer request names the student.')}
${profiles || '<h2>Profiles</h2><p>No profile (questionnaire assessment) has been made of the student.</p>'}
<h2>Recommendations on the plan</h2>
${table('Plan', ['Recommendation', 'Theme', 'Status', 'Note', 'Added', 'Added by', 'Removed', 'Removed by', 'Next review', 'Owner'], record.plan.map((line) => [line.title, line.theme, line.status, line.note, formatDateTime(line.addedAt), line.addedBy, formatDateTime(line.removedAt), line.removedBy, formatDate(line.nextReviewOn), line.owner]), 'No recommendation has been added to the student’s plan.')}
<h3>Reviews of the plan</h3>
${table('Plan reviews', PLAN_REVIEW_COLUMNS, planReviewRows(record, (day) => formatDate(day)), 'No entry of the plan has been reviewed.')}
<h2>Who saw or changed this record</h2>
${table('Access log (from the audit trail)', ['When', 'What', 'Who'], record.access.map((line) => [formatDateTime(line.at), line.action, line.by]), 'The audit trail has no line about this student.')}
</main></body></html>
`
}
