import { Link } from 'react-router'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { FeedbackStatus } from '#app/models/enums.ts'
import { FeedbackStatusBadge } from './FeedbackStatusBadge.tsx'

/** Rounds to answer: also the home's first tab. */
export function AssignedTable({
	rows,
	area,
	caption,
}: {
	rows: { id: string; studentName: string; questionnaire: string; round: number; opensOn: string; dueOn: string; status: FeedbackStatus }[]
	area: string
	caption: string
}) {
	return (
		<Table caption={caption} hideCaption>
			<TableHeader>
				<tr>
					<Column>Student</Column>
					<Column>Questionnaire</Column>
					<Column>Round</Column>
					<Column>Opened</Column>
					<Column>Due</Column>
					<Column>Status</Column>
				</tr>
			</TableHeader>
			<TableBody>
				{rows.map((row) => (
					<Row key={row.id}>
						<RowHeader>
							<Link to={`${area}/questionnaires/${row.id}/domains`} className="font-medium text-brand underline underline-offset-2">
								{row.studentName}
							</Link>
						</RowHeader>
						<Cell>{row.questionnaire}</Cell>
						<Cell>Round {row.round}</Cell>
						<Cell>{formatDate(row.opensOn)}</Cell>
						<Cell>{row.status === 'complete' ? '—' : formatDate(row.dueOn)}</Cell>
						<Cell>
							<FeedbackStatusBadge status={row.status} />
						</Cell>
					</Row>
				))}
			</TableBody>
		</Table>
	)
}
