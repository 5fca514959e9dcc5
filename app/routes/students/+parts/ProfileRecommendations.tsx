import { Form, Link, useLocation } from 'react-router'
import { PlainSubmitButton } from '#app/components/forms/PlainSubmitButton.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { modalHref } from '#app/lib/modals.ts'
import type { StudentRecommendationRow } from '#app/services/student-views.server.ts'
import { Section } from './ProfileSections.tsx'

export const RECOMMENDATION_MODAL = 'profile-recommendation-info'
export const REMOVE_MODAL = 'remove-recommendation'

/**
 * The student's plan on the profile: each recommendation added, a link to its description, and for a need manager
 * Mark as done and Remove (and a link to the suggestions dismissed for the student).
 */
export function RecommendationsSection({
	recommendations,
	canManage,
	dismissed,
}: {
	recommendations: StudentRecommendationRow[]
	canManage: boolean
	dismissed: { count: number; profileId: string | null } | null
}) {
	const location = useLocation()
	return (
		<Section id="recommendations" title="Recommendations">
			{dismissed && dismissed.count > 0 && dismissed.profileId ? (
				<p className="mb-3 print:hidden">
					{`${dismissed.count === 1 ? 'One suggestion was' : `${dismissed.count} suggestions were`} dismissed for this student. `}
					<Link to={`/need-manager/recommendations/${dismissed.profileId}#dismissed`} className="text-brand underline underline-offset-2">
						Review dismissed suggestions
					</Link>
				</p>
			) : null}
			{recommendations.length === 0 ? (
				<p>No recommendations added yet.</p>
			) : (
				<Table caption="Recommendations added" hideCaption>
					<TableHeader>
						<Row>
							<Column>Recommendation</Column>
							<Column>Theme</Column>
							<Column>Status</Column>
							<Column>Note</Column>
							<Column>Added</Column>
							{canManage ? <Column className="print:hidden">Action</Column> : null}
						</Row>
					</TableHeader>
					<TableBody>
						{recommendations.map((recommendation) => (
							<Row key={recommendation.id}>
								<RowHeader>
									<Link
										to={modalHref({ pathname: location.pathname, search: `?recommendation=${recommendation.id}` }, RECOMMENDATION_MODAL)}
										preventScrollReset
										className="font-medium text-brand underline underline-offset-2 print:text-slate-900 print:no-underline"
									>
										{recommendation.title}
									</Link>
								</RowHeader>
								<Cell>{recommendation.themeName}</Cell>
								<Cell>
									<Badge variant={recommendation.status === 'done' ? 'success' : 'info'}>{recommendation.status === 'done' ? 'Done' : 'Active'}</Badge>
								</Cell>
								<Cell>{recommendation.note ?? '—'}</Cell>
								<Cell>{formatDate(recommendation.addedOn)}</Cell>
								{canManage ? (
									<Cell className="print:hidden">
										<div className="flex flex-wrap gap-2">
											{recommendation.status === 'active' ? (
												<Form method="post">
													<input type="hidden" name="studentRecommendationId" value={recommendation.id} />
													<PlainSubmitButton intent="mark-done" variant="secondary" size="sm" aria-label={`Mark as done: “${recommendation.title}”`}>
														Mark as done
													</PlainSubmitButton>
												</Form>
											) : null}
											<ModalButton modal={REMOVE_MODAL} params={{ remove: recommendation.id }} variant="secondary" size="sm">
												Remove<span className="sr-only">{` “${recommendation.title}”`}</span>
											</ModalButton>
										</div>
									</Cell>
								) : null}
							</Row>
						))}
					</TableBody>
				</Table>
			)}
		</Section>
	)
}
