import { type SubmissionResult } from '@conform-to/react'
import { useLocation } from 'react-router'
import { RichText } from '#app/components/questionnaires/RichText.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { ProfileRespondent } from '#app/services/profile-respondents.server.ts'
import type { ProfileView } from '#app/services/student-views.server.ts'
import { RECOMMENDATION_MODAL, REMOVE_MODAL } from './ProfileRecommendations.tsx'
import { RemoveRespondentModal, RespondentsModal } from './RespondentModals.tsx'

/**
 * The profile's URL modals: a profile's respondents (and a respondent's removal over it), a recommendation's
 * description, and a recommendation's removal. The page loads this module only when its URL names a modal (ADR 059):
 * with the respondents form's zod and conform, and React Aria's dialog, select and list box, it is most of the page's
 * JavaScript, and most visits open none.
 */
export function ProfileModals({
	student,
	view,
	respondents,
	staff,
	canManage,
	lastResult,
}: {
	student: { name: string }
	view: Pick<ProfileView, 'profiles' | 'recommendations'>
	respondents: Record<string, ProfileRespondent[]>
	staff: { value: string; label: string }[]
	canManage: boolean
	/** The add-respondent form's refused submission. */
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const location = useLocation()
	const search = new URLSearchParams(location.search)
	const open = view.recommendations.find((recommendation) => recommendation.id === search.get('recommendation'))
	const removing = canManage ? view.recommendations.find((recommendation) => recommendation.id === search.get('remove')) : undefined
	// The profile whose respondents are being changed, and the respondent whose removal is being confirmed.
	const editing = canManage ? view.profiles.find((profile) => profile.id === search.get('profile') && profile.status === 'active') : undefined
	const removingRespondent = editing ? respondents[editing.id]?.find((respondent) => respondent.membershipId === search.get('respondent')) : undefined
	return (
		<>
			{editing ? (
				<RespondentsModal profile={editing} student={student.name} respondents={respondents[editing.id] ?? []} staff={staff} lastResult={lastResult} />
			) : null}
			{editing && removingRespondent ? <RemoveRespondentModal profile={editing} respondent={removingRespondent} student={student.name} /> : null}
			{removing ? (
				<ConfirmModal
					name={REMOVE_MODAL}
					title="Remove from the plan?"
					intent="remove"
					fields={{ studentRecommendationId: removing.id }}
					drop={['remove']}
					confirmLabel="Remove recommendation"
				>
					<p>
						{`“${removing.title}” leaves ${student.name}’s plan. It is kept in the history (who added it, who removed it and when), and it is suggested again if the scores still suggest it.`}
					</p>
				</ConfirmModal>
			) : null}
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
		</>
	)
}
