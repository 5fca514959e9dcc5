import { Link } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { readListQuery } from '#app/lib/pagination.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { profilesWithSuggestions } from '#app/services/recommendations.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager')
	const { page } = readListQuery(new URL(request.url), ['name'], 'name')
	return profilesWithSuggestions(app, page)
}

export default function RecommendationsWaiting({ loaderData }: Route.ComponentProps) {
	const { rows, total, page, pageSize } = loaderData
	return (
		<>
			<PageHeader title="Recommendations">
				Students whose latest completed round suggests strategies you have not yet added or dismissed. Open one to review its
				suggestions.
			</PageHeader>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">No suggested recommendations are waiting.</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
					<Table caption="Profiles with suggested recommendations" hideCaption>
						<TableHeader>
							<Row>
								<Column>Student</Column>
								<Column>UPN</Column>
								<Column>Year group</Column>
								<Column>Questionnaire</Column>
								<Column>Latest complete round</Column>
								<Column numeric>Suggestions</Column>
							</Row>
						</TableHeader>
						<TableBody>
							{rows.map((row) => (
								<Row key={row.profileId}>
									<RowHeader>
										<Link to={`/need-manager/recommendations/${row.profileId}`} className="font-medium text-brand underline underline-offset-2">
											{row.studentName}
										</Link>
									</RowHeader>
									<Cell className="font-mono">{row.upn}</Cell>
									<Cell>{row.yearGroup}</Cell>
									<Cell>{row.questionnaireTitle}</Cell>
									<Cell>
										Round {row.roundIndex + 1} · {formatDate(row.roundOpensOn)}
									</Cell>
									<Cell numeric>{row.suggestions}</Cell>
								</Row>
							))}
						</TableBody>
					</Table>
				</div>
			)}
			<Pagination page={page} pageSize={pageSize} total={total} noun="profiles" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Recommendations · Spencer' }]
