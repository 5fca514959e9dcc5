import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { SeverityBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { DismissedSuggestion } from '#app/services/student-recommendations.server.ts'

/**
 * The student's dismissed suggestions, each with "Bring back": a form of its own, so it posts without JavaScript.
 * Bringing one back withdraws the dismissal (ADR 028); it is suggested again while the scores suggest it.
 */
export function DismissedSuggestions({ rows }: { rows: DismissedSuggestion[] }) {
	return (
		<section id="dismissed" aria-labelledby="dismissed-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="dismissed-heading" className="mb-1 text-lg font-semibold text-slate-900">
				Dismissed
			</h2>
			<p className="mb-4 text-sm text-slate-700">
				Suggestions dismissed for this student, from any of their profiles. Bring one back to have it suggested again while the scores
				suggest it.
			</p>
			{rows.length === 0 ? (
				<p className="text-slate-700">No dismissed suggestions.</p>
			) : (
				<Table caption="Dismissed suggestions" hideCaption>
					<TableHeader>
						<Row>
							<Column>Recommendation</Column>
							<Column>Theme</Column>
							<Column>Severity</Column>
							<Column>Dismissed</Column>
							<Column>Action</Column>
						</Row>
					</TableHeader>
					<TableBody>
						{rows.map((row) => (
							<Row key={row.id}>
								<RowHeader>{row.title}</RowHeader>
								<Cell>{row.themeName}</Cell>
								<Cell>
									<SeverityBadge severity={row.severity} />
								</Cell>
								<Cell>{`${formatDate(row.dismissedOn)}${row.dismissedBy ? ` by ${row.dismissedBy}` : ''}`}</Cell>
								<Cell>
									<Form method="post">
										<input type="hidden" name="studentRecommendationId" value={row.id} />
										<SubmitButton intent="restore" variant="secondary" size="sm" aria-label={`Bring back “${row.title}”`}>
											Bring back
										</SubmitButton>
									</Form>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}
		</section>
	)
}
