import { Link } from 'react-router'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'

export type SuggestionsRow = {
	profileId: string
	studentName: string
	upn: string
	yearGroup: string
	questionnaireTitle: string
	roundIndex: number
	roundOpensOn: string
	suggestions: number
}

/** Profiles whose latest complete round suggests recommendations, each linked to its review (need managers). */
export function SuggestionsTable({ rows }: { rows: SuggestionsRow[] }) {
	return (
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
	)
}
