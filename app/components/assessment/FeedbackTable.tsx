import { Link } from 'react-router'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import type { FeedbackStatus } from '#app/models/enums.ts'
import { FeedbackStatusBadge } from './FeedbackStatusBadge.tsx'

export type FeedbackTableRow = {
	id: string
	studentName: string
	questionnaire: string
	round: number
	opensOn: string
	respondent: string
	status: FeedbackStatus
	submittedAt: string | null
}

/** Feedback rows, each linking to its answers: the feedback list and the home's feedback tab. */
export function FeedbackTable({ rows, area, caption }: { rows: FeedbackTableRow[]; area: string; caption: string }) {
	return (
		<Table caption={caption} hideCaption>
			<TableHeader>
				<tr>
					<Column>Student</Column>
					<Column>Questionnaire</Column>
					<Column>Round</Column>
					<Column>Respondent</Column>
					<Column>Status</Column>
					<Column>Submitted</Column>
				</tr>
			</TableHeader>
			<TableBody>
				{rows.map((row) => (
					<Row key={row.id}>
						<RowHeader>
							<Link to={`${area}/feedback/${row.id}`} className="font-medium text-brand underline underline-offset-2">
								{row.studentName}
								<span className="sr-only">
									, {row.questionnaire} round {row.round} by {row.respondent}
								</span>
							</Link>
						</RowHeader>
						<Cell>{row.questionnaire}</Cell>
						<Cell>
							Round {row.round} ({formatDate(row.opensOn)})
						</Cell>
						<Cell>{row.respondent}</Cell>
						<Cell>
							<FeedbackStatusBadge status={row.status} />
						</Cell>
						<Cell>{row.submittedAt ? formatDateTime(row.submittedAt) : '—'}</Cell>
					</Row>
				))}
			</TableBody>
		</Table>
	)
}
