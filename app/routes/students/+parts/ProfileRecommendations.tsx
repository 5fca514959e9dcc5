import { Link, useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { PlainSubmitButton } from '#app/components/forms/PlainSubmitButton.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { modalHref } from '#app/lib/modals.ts'
import { reviewPath } from '#app/lib/review-links.ts'
import type { StudentRecommendationRow } from '#app/services/student-views.server.ts'
import { PlanReviews } from './PlanReviews.tsx'
import { Section } from './ProfileSections.tsx'

export const RECOMMENDATION_MODAL = 'profile-recommendation-info'
export const REMOVE_MODAL = 'remove-recommendation'

/**
 * The student's plan on the profile: each recommendation added, a link to its description, its next review and owner
 * with a link to review it (ADR 072), and for a need manager Mark as done and Remove (and a link to the suggestions
 * dismissed for the student); then each entry's reviews and measured change.
 */
export function RecommendationsSection({
	studentId,
	recommendations,
	canManage,
	dismissed,
	baseUrl,
}: {
	studentId: string
	recommendations: StudentRecommendationRow[]
	canManage: boolean
	dismissed: { count: number; profileId: string | null } | null
	baseUrl: string
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
							<Column>Next review</Column>
							<Column>Owner</Column>
							<Column className="print:hidden">Action</Column>
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
								<Cell>{recommendation.reviewOn ? formatDate(recommendation.reviewOn) : '—'}</Cell>
								<Cell>{recommendation.owner ?? '—'}</Cell>
								<Cell className="print:hidden">
									<div className="flex flex-wrap items-center gap-2">
										<Link to={reviewPath(studentId, recommendation.id)} className="font-medium text-brand underline underline-offset-2">
											{recommendation.status === 'active' ? 'Review' : 'Reviews'}
											<span className="sr-only">{` of “${recommendation.title}”`}</span>
										</Link>
										{canManage ? (
											<>
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
											</>
										) : null}
									</div>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}
			{recommendations.length ? <PlanReviews studentId={studentId} recommendations={recommendations} baseUrl={baseUrl} /> : null}
		</Section>
	)
}
