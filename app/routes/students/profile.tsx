import { data, Form, Link, useLocation } from 'react-router'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { RichText } from '#app/components/questionnaires/RichText.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { formatDate } from '#app/lib/format.ts'
import { modalHref } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { markRecommendationDone } from '#app/services/recommendations.server.ts'
import { loadProfileView, openStudent } from '#app/services/student-views.server.ts'
import { getStudent } from '#app/services/students.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { DomainBands } from './+parts/DomainBands.tsx'
import { PrintButton } from './+parts/PrintButton.tsx'
import { ProfileRounds, Section } from './+parts/ProfileSections.tsx'
import { StudentHeader } from './+parts/StudentHeader.tsx'
import type { Route } from './+types/profile.ts'

const RECOMMENDATION_MODAL = 'profile-recommendation-info'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin', 'needManager', 'professional')
	const student = await openStudent(app, params.id, 'profile')
	const view = await loadProfileView(app, student.id)
	return { student, view, canManage: app.auth.role === 'needManager' }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'needManager')
	const student = await getStudent(app, params.id)
	const formData = await request.formData()
	if (formData.get('intent') !== 'mark-done') return data({ ok: false }, { status: 400 })
	await markRecommendationDone(app, student.id, postedId(formData, 'studentRecommendationId'))
	return redirectWithToast(app.em, `/students/profile/${student.id}`, { type: 'success', title: 'Recommendation marked as done' })
}

export default function StudentProfile({ loaderData }: Route.ComponentProps) {
	const { student, view, canManage } = loaderData
	const location = useLocation()
	const openId = new URLSearchParams(location.search).get('recommendation')
	const open = view.recommendations.find((recommendation) => recommendation.id === openId)
	return (
		<div className="flex flex-col gap-6 print:gap-3 print:text-sm">
			<StudentHeader student={student} actions={<PrintButton />} />

			<div className="grid gap-6 md:grid-cols-2 print:grid-cols-2 print:gap-3">
				<Section id="professionals" title="Professionals">
					<dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
						<dt className="font-medium text-slate-900">Key professional</dt>
						<dd>{view.professionals.key ?? 'None'}</dd>
						<dt className="font-medium text-slate-900">Connected</dt>
						<dd>{view.professionals.connected.length ? view.professionals.connected.join(', ') : 'None'}</dd>
					</dl>
				</Section>
				<Section id="groups" title="Groups">
					<p>{view.groups.length ? view.groups.join(', ') : 'Not in any group'}</p>
				</Section>
			</div>

			<Section id="bands" title="Latest bands">
				{view.latest.length === 0 ? (
					<p>No round has complete feedback yet.</p>
				) : (
					<div className="grid gap-6 md:grid-cols-2 print:grid-cols-2 print:gap-3">
						{view.latest.map((latest) => (
							<DomainBands key={latest.profileId} caption={`${latest.questionnaireTitle}, round ${latest.round.index + 1} (${formatDate(latest.round.opensOn)})`} domains={latest.domains} scores />
						))}
					</div>
				)}
			</Section>

			<Section id="recommendations" title="Recommendations">
				{view.recommendations.length === 0 ? (
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
							{view.recommendations.map((recommendation) => (
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
											{recommendation.status === 'active' ? (
												<Form method="post">
													<input type="hidden" name="studentRecommendationId" value={recommendation.id} />
													<SubmitButton intent="mark-done" variant="secondary" size="sm" aria-label={`Mark “${recommendation.title}” as done`}>
														Mark as done
													</SubmitButton>
												</Form>
											) : null}
										</Cell>
									) : null}
								</Row>
							))}
						</TableBody>
					</Table>
				)}
			</Section>

			<Section id="profiles" title="Profiles">
				{view.profiles.length === 0 ? <p>No profiles yet.</p> : view.profiles.map((profile) => <ProfileRounds key={profile.id} profile={profile} />)}
			</Section>

			{open ? (
				<UrlModal name={RECOMMENDATION_MODAL} title={open.title} size="lg">
					<p className="mb-3 text-sm text-slate-700">
						Theme: {open.themeName} · {open.status === 'done' ? 'Done' : 'Active'} · added {formatDate(open.addedOn)}
						{open.addedBy ? ` by ${open.addedBy}` : ''}
					</p>
					<RichText text={open.description} />
					{open.note ? <p className="mt-3 border-t border-slate-200 pt-3">Note: {open.note}</p> : null}
				</UrlModal>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? loaderData.student.name : 'Student'} · Spencer` }]
