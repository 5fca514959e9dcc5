import { redirect } from 'react-router'
import { AssignedTable } from '#app/components/assessment/AssignedTable.tsx'
import { FeedbackTable } from '#app/components/assessment/FeedbackTable.tsx'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { ReviewsDueTable } from '#app/components/recommendations/ReviewsDueTable.tsx'
import { SuggestionsTable } from '#app/components/recommendations/SuggestionsTable.tsx'
import { Figures, PageHeader } from '#app/components/shell/Overview.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { LinkTabs } from '#app/components/ui/LinkTabs.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import { countToAnswer, listAssigned } from '#app/services/answers.server.ts'
import { listFeedback, listHomeStudents, previousVisit } from '#app/services/feedback.server.ts'
import { readPlainList } from '#app/services/list-params.server.ts'
import { professionalOverview, schoolOverview } from '#app/services/overview.server.ts'
import { listReviewsDue } from '#app/services/reviews-due.server.ts'
import { profilesWithSuggestions } from '#app/services/suggestions.server.ts'
import type { Route } from './+types/home.ts'
import { requireAssessor } from './+parts/area.server.ts'

const TABS = ['questionnaires', 'feedback', 'students', 'recommendations', 'reviews'] as const

/**
 * The home: key figures, then tabs of what needs the user now. Each tab is
 * its own URL (`home`, `home/feedback`, `home/students`, and for need
 * managers `home/recommendations`), and `home/reviews` (ADR 072: the school's reviews due for a need manager, one's
 * own for a professional), so they work without JavaScript; only the open tab's data is loaded.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const tab = params.tab ?? 'questionnaires'
	if (!(TABS as readonly string[]).includes(tab)) throw redirect(`${app.area}/home`)
	// Suggested recommendations are the need manager's to decide (docs/architecture.md#domain-model).
	if (tab === 'recommendations' && app.area !== '/need-manager') throw redirect(`${app.area}/home`)
	// "Questionnaires to answer" is the Questionnaires list's total: both count `mustAnswer` (answers.server.ts).
	const figures =
		app.area === '/need-manager'
			? Promise.all([schoolOverview(app), countToAnswer(app)]).then(([overview, toAnswer]) => ({
					schoolName: overview.schoolName,
					items: [
						{ label: 'Students', value: overview.students },
						{ label: 'Active profiles', value: overview.activeProfiles },
						{ label: 'Questionnaires to answer', value: toAnswer },
						{ label: 'Feedback still to be given', value: overview.feedbackDue },
					],
				}))
			: professionalOverview(app).then((overview) => ({
					schoolName: overview.schoolName,
					items: [
						{ label: 'Students you work with', value: overview.students },
						{ label: 'Questionnaires to answer', value: overview.feedbackDue },
					],
				}))
	const url = new URL(request.url)
	if (tab === 'feedback') {
		const since = await previousVisit(app)
		const query = readPlainList(url, { sorts: ['submitted'] as const, sort: 'submitted' })
		const [summary, { rows, total }] = await Promise.all([
			figures,
			listFeedback(app, query, { questionnaireId: null, status: null, submittedSince: since }),
		])
		return { area: app.area, summary, query, total, tab: 'feedback' as const, since, feedback: rows }
	}
	if (tab === 'students') {
		const query = readPlainList(url, { sorts: ['name'] as const, sort: 'name' })
		const [summary, { rows, total }] = await Promise.all([figures, listHomeStudents(app, query)])
		return { area: app.area, summary, query, total, tab: 'students' as const, students: rows }
	}
	if (tab === 'recommendations') {
		const query = readPlainList(url, { sorts: ['name'] as const, sort: 'name' })
		const [summary, { rows, total }] = await Promise.all([figures, profilesWithSuggestions(app, query.page, query.pageSize)])
		return { area: app.area, summary, query, total, tab: 'recommendations' as const, suggestions: rows }
	}
	if (tab === 'reviews') {
		const query = readPlainList(url, { sorts: ['due'] as const, sort: 'due' })
		const [summary, { rows, total }] = await Promise.all([figures, listReviewsDue(app, query, { mine: app.area !== '/need-manager' })])
		return { area: app.area, summary, query, total, tab: 'reviews' as const, reviews: rows }
	}
	const query = readPlainList(url, { sorts: ['due'] as const, sort: 'due' })
	const [summary, { rows, total }] = await Promise.all([figures, listAssigned(app, query)])
	return { area: app.area, summary, query, total, tab: 'questionnaires' as const, assigned: rows }
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { area, summary, query, total } = loaderData
	return (
		<>
			<PageHeader title={summary.schoolName ?? 'Home'}>
				{area === '/need-manager'
					? 'What needs you now: your questionnaires, the feedback that has come in, the students with an active profile, the recommendations waiting for a decision, and the reviews due.'
					: 'What needs you now: your questionnaires, the feedback that has come in, the students you work with, and the reviews you own.'}
			</PageHeader>
			<Figures label="Key figures" items={summary.items} />
			<LinkTabs
				label="Home sections"
				className="mt-8 mb-6"
				tabs={[
					{ to: `${area}/home`, label: 'Questionnaires' },
					{ to: `${area}/home/feedback`, label: 'Feedback' },
					{ to: `${area}/home/students`, label: 'Students' },
					...(area === '/need-manager' ? [{ to: `${area}/home/recommendations`, label: 'Recommendations' }] : []),
					{ to: `${area}/home/reviews`, label: area === '/need-manager' ? 'Reviews due' : 'Your reviews' },
				]}
			/>
			{loaderData.tab === 'questionnaires' ? (
				loaderData.assigned.length === 0 ? (
					<p className="text-slate-700">Nothing to answer right now.</p>
				) : (
					<div className="rounded-lg border border-slate-200 bg-white">
						<AssignedTable rows={loaderData.assigned} area={area} caption="Questionnaires due or in progress" />
					</div>
				)
			) : null}
			{loaderData.tab === 'feedback' ? (
				<>
					<p className="mb-4 text-slate-800">Feedback submitted since {formatDateTime(loaderData.since)}.</p>
					{loaderData.feedback.length === 0 ? (
						<p className="text-slate-700">No new feedback since then.</p>
					) : (
						<div className="rounded-lg border border-slate-200 bg-white">
							<FeedbackTable rows={loaderData.feedback} area={area} caption="Feedback submitted since your last visit" />
						</div>
					)}
				</>
			) : null}
			{loaderData.tab === 'students' ? (
				loaderData.students.length === 0 ? (
					<p className="text-slate-700">{area === '/need-manager' ? 'No student has an active profile yet.' : 'No students are linked to you yet.'}</p>
				) : (
					<div className="rounded-lg border border-slate-200 bg-white">
						<Table caption="Students" hideCaption>
							<TableHeader>
								<tr>
									<Column>Student</Column>
									<Column>Year group</Column>
									<Column numeric>Active profiles</Column>
									<Column numeric>Feedback still open</Column>
								</tr>
							</TableHeader>
							<TableBody>
								{loaderData.students.map((student) => (
									<Row key={student.id}>
										<RowHeader>
											<Link to={`/students/profile/${student.id}`}>{student.name}</Link>
										</RowHeader>
										<Cell>{student.yearGroup}</Cell>
										<Cell numeric>{student.profiles}</Cell>
										<Cell numeric>{student.openFeedback}</Cell>
									</Row>
								))}
							</TableBody>
						</Table>
					</div>
				)
			) : null}
			{loaderData.tab === 'recommendations' ? (
				loaderData.suggestions.length === 0 ? (
					<p className="text-slate-700">No suggested recommendations are waiting.</p>
				) : (
					<SuggestionsTable rows={loaderData.suggestions} />
				)
			) : null}
			{loaderData.tab === 'reviews' ? (
				loaderData.reviews.length === 0 ? (
					<p className="text-slate-700">{area === '/need-manager' ? 'No review is due.' : 'You own no review to come.'}</p>
				) : (
					<ReviewsDueTable
						rows={loaderData.reviews}
						caption={area === '/need-manager' ? 'Reviews due' : 'Your reviews'}
						showOwner={area === '/need-manager'}
					/>
				)
			) : null}
			{total > 0 ? (
				<Pagination
					page={query.page}
					pageSize={query.pageSize}
					total={total}
					noun={
						loaderData.tab === 'students'
							? 'students'
							: loaderData.tab === 'feedback'
								? 'new feedback'
								: loaderData.tab === 'recommendations'
									? 'profiles'
									: loaderData.tab === 'reviews'
										? 'reviews'
										: 'questionnaires to answer'
					}
				/>
			) : null}
		</>
	)
}

/** Each tab a title of its own (WCAG 2.4.2): they are pages of their own, with addresses of their own. */
const TAB_TITLES: Record<(typeof TABS)[number], string> = {
	questionnaires: 'Questionnaires',
	feedback: 'Feedback',
	students: 'Students',
	recommendations: 'Recommendations',
	reviews: 'Reviews',
}
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Home: ${loaderData ? TAB_TITLES[loaderData.tab] : 'Questionnaires'} · Spencer` }]
