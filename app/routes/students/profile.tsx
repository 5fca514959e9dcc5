import { data, useLocation } from 'react-router'
import { onDemand } from '#app/components/on-demand.tsx'
import { formatDate } from '#app/lib/format.ts'
import { isModalOpen, openModals } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { printedUrlBase } from '#app/services/mail.server.ts'
import { listProfileRespondents } from '#app/services/profile-respondents.server.ts'
import { AlreadyDone, AlreadyWithdrawn, dismissedSummary, markRecommendationDone, removeStudentRecommendation } from '#app/services/student-recommendations.server.ts'
import { loadProfileView, openStudent, printDetails } from '#app/services/student-views.server.ts'
import { getStudent, listProfessionalOptions } from '#app/services/students.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { DomainBands } from './+parts/DomainBands.tsx'
import { PrintButton } from './+parts/PrintButton.tsx'
import { RecommendationsSection } from './+parts/ProfileRecommendations.tsx'
import { AskedNextRound, RESPONDENTS_MODAL } from './+parts/ProfileRespondents.tsx'
import { ProfileRounds, Section } from './+parts/ProfileSections.tsx'
import { changeRespondents, isRespondentIntent } from './+parts/respondents.server.ts'
import { PrintFrame } from './+parts/PrintFrame.tsx'
import { StudentHeader } from './+parts/StudentHeader.tsx'
import type { Route } from './+types/profile.ts'

// Most of the page's code, and only for a URL that opens one of its modals (ADR 059).
const ProfileModals = onDemand(() => import('./+parts/ProfileModals.tsx').then((module) => module.ProfileModals))

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin', 'needManager', 'professional')
	const student = await openStudent(app, params.id, 'profile')
	const canManage = app.auth.role === 'needManager'
	const editing = canManage && isModalOpen(new URL(request.url).searchParams, RESPONDENTS_MODAL)
	const [view, respondents, staff, dismissed] = await Promise.all([
		loadProfileView(app, student.id),
		listProfileRespondents(app, student.id),
		editing ? listProfessionalOptions(app) : [],
		canManage ? dismissedSummary(app, student.id) : null,
	])
	// The printed list of review links gives whole URLs (ADR 072): the configured address, else this request's.
	return { student, view, respondents, staff, canManage, dismissed, print: printDetails(app), baseUrl: printedUrlBase(request) }
}

/** A navigation to a URL that opens a modal brings the modals' code with the data, so it shows the modal when it lands. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	const [data] = await Promise.all([serverLoader(), openModals(new URL(request.url).searchParams).length > 0 ? ProfileModals.preload() : null])
	return data
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'needManager')
	const student = await getStudent(app, params.id)
	const formData = await request.formData()
	const here = `/students/profile/${student.id}`
	const intent = formData.get('intent')
	if (isRespondentIntent(intent)) return changeRespondents(app, student.id, intent, formData)
	if (intent === 'mark-done') {
		try {
			await markRecommendationDone(app, student.id, postedId(formData, 'studentRecommendationId'))
		} catch (error) {
			// Posted twice (no JavaScript), or marked done or removed in another tab first.
			if (error instanceof AlreadyDone) return redirectWithToast(app.em, here, { type: 'info', title: 'Already done', description: 'Nothing was changed.' })
			if (error instanceof AlreadyWithdrawn) return redirectWithToast(app.em, here, { type: 'info', title: 'Already removed', description: 'Nothing was changed.' })
			throw error
		}
		return redirectWithToast(app.em, here, { type: 'success', title: 'Recommendation marked as done' })
	}
	if (intent === 'remove') {
		try {
			await removeStudentRecommendation(app, student.id, postedId(formData, 'studentRecommendationId'))
		} catch (error) {
			// Posted twice (no JavaScript), or another need manager removed it first.
			if (!(error instanceof AlreadyWithdrawn)) throw error
			return redirectWithToast(app.em, here, { type: 'info', title: 'Already removed', description: 'Nothing was changed.' })
		}
		return redirectWithToast(app.em, here, {
			type: 'success',
			title: 'Recommendation removed',
			description: 'It is kept in the history, and suggested again if the scores still suggest it.',
		})
	}
	return data({ ok: false }, { status: 400 })
}

export default function StudentProfile({ loaderData, actionData }: Route.ComponentProps) {
	const { student, view, respondents, staff, canManage, dismissed, print, baseUrl } = loaderData
	const location = useLocation()
	return (
		<PrintFrame details={print} student={student.name}>
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

				<RecommendationsSection studentId={student.id} recommendations={view.recommendations} canManage={canManage} dismissed={dismissed} baseUrl={baseUrl} />

				<Section id="profiles" title="Profiles">
					{view.profiles.length === 0 ? (
						<p>No profiles yet.</p>
					) : (
						view.profiles.map((profile) => (
							<div key={profile.id} className="mb-4 last:mb-0">
								<ProfileRounds profile={profile} />
								<AskedNextRound profile={profile} respondents={respondents[profile.id] ?? []} canManage={canManage} />
							</div>
						))
					)}
				</Section>

				{openModals(location.search).length > 0 ? (
					<ProfileModals
						student={student}
						view={view}
						respondents={respondents}
						staff={staff}
						canManage={canManage}
						lastResult={actionData && 'intent' in actionData && actionData.intent === 'add-respondent' ? (actionData.result as never) : undefined}
					/>
				) : null}
			</div>
		</PrintFrame>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? loaderData.student.name : 'Student'}: profile · Spencer` }]
