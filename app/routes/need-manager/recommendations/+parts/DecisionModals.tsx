import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'

export const ADDED_MODAL = 'need-manager-recommendations-added'
/** "Dismiss chosen" asks first (issue 14.4): it posts the choice here, which renders this modal and writes nothing. */
export const DISMISS_MODAL = 'dismiss-chosen'

/** "Dismiss chosen"'s question: the chosen suggestions by title, posted again with the note once confirmed. */
export function ConfirmDismissModal({ chosen, note, student }: { chosen: { id: string; title: string }[]; note: string; student: string }) {
	return (
		<ConfirmModal
			name={DISMISS_MODAL}
			title={chosen.length === 1 ? 'Dismiss this recommendation?' : `Dismiss ${chosen.length} recommendations?`}
			intent="dismiss"
			fields={{ recommendation: chosen.map((one) => one.id), note }}
			confirmLabel="Dismiss chosen"
		>
			<p>{`They will no longer be suggested for ${student}, whatever later rounds score, until someone brings them back from the “Dismissed” list on this page:`}</p>
			<ul className="mt-2 list-disc ps-6">
				{chosen.map((one) => (
					<li key={one.id}>{one.title}</li>
				))}
			</ul>
			<p className="mt-2">A dismissed suggestion can be brought back from “Dismissed” below.</p>
		</ConfirmModal>
	)
}

/** Said once recommendations are added, with the way to the student's profile where they are marked done. */
export function AddedModal({ added, student, profileUrl }: { added: number; student: string; profileUrl: string }) {
	return (
		<UrlModal name={ADDED_MODAL} title="Recommendations added" footer={<ButtonLink to={profileUrl}>View the student’s profile</ButtonLink>}>
			<p>
				{`${added === 1 ? 'One recommendation was' : `${added} recommendations were`} added to ${student}’s profile. You can mark each as done there.`}
			</p>
		</UrlModal>
	)
}
