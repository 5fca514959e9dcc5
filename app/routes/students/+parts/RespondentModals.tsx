import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { modalWith } from '#app/lib/modals.ts'
import type { ProfileRespondent } from '#app/services/profile-respondents.server.ts'
import type { ProfileSummary } from '#app/services/student-profiles.server.ts'
import { asked, profileName, REMOVE_RESPONDENT_MODAL, RESPONDENTS_MODAL } from './ProfileRespondents.tsx'
import { AddRespondentSchema } from './respondent-schema.ts'

type Option = { value: string; label: string }

/**
 * The respondents of one profile, each with Remove (a confirm modal on top),
 * and a form to add one of the school's need managers and professionals with
 * access who is not asked yet. Both writes come back here (ADR 027).
 */
export function RespondentsModal({
	profile,
	student,
	respondents,
	staff,
	lastResult,
}: {
	profile: ProfileSummary
	student: string
	respondents: ProfileRespondent[]
	staff: Option[]
	lastResult: SubmissionResult<string[]> | null | undefined
}) {
	const location = useLocation()
	const asking = new Set(respondents.map((respondent) => respondent.membershipId))
	const available = staff.filter((option) => !asking.has(option.value))
	// After an add or a remove the control used is gone (the Remove link, the remounted form): focus moves to what changed.
	const changed = useRef<HTMLParagraphElement>(null)
	const list = [...asking].join()
	const shown = useRef(list)
	useEffect(() => {
		if (shown.current === list) return
		shown.current = list
		// A frame later: after the confirm modal's own attempt to restore focus to its vanished opener.
		const frame = requestAnimationFrame(() => changed.current?.focus())
		return () => cancelAnimationFrame(frame)
	}, [list])
	return (
		<UrlModal name={RESPONDENTS_MODAL} title={`Respondents: ${profile.questionnaireTitle}`} size="lg">
			<div className="flex flex-col gap-4">
				<p className="text-sm text-slate-700">
					Respondents answer this questionnaire about {student} in each round. Someone you add is asked from the current round on;
					someone you remove is not asked again, and the answers they have given are kept.
				</p>
				<p
					ref={changed}
					tabIndex={-1}
					className="rounded-sm font-medium text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
				>
					{asked(profile, respondents)}
				</p>
				{respondents.length ? (
					<ul aria-label="Respondents" className="divide-y divide-slate-200 border-y border-slate-200">
						{respondents.map((respondent) => (
							<li key={respondent.membershipId} className="flex flex-wrap items-center justify-between gap-2 py-2">
								<span>
									{respondent.name}
									{respondent.jobTitle ? <span className="text-slate-700"> ({respondent.jobTitle})</span> : null}
								</span>
								<ButtonLink
									to={modalWith(location, REMOVE_RESPONDENT_MODAL, { respondent: respondent.membershipId })}
									preventScrollReset
									variant="secondary"
									size="sm"
								>
									Remove<span className="sr-only"> {respondent.name}</span>
								</ButtonLink>
							</li>
						))}
					</ul>
				) : (
					<p>Nobody is asked yet: add a respondent below.</p>
				)}
				{available.length ? (
					<AddRespondentForm key={list} profileId={profile.id} options={available} lastResult={lastResult} />
				) : (
					<p className="text-sm text-slate-700">Every staff member with access is a respondent already.</p>
				)}
			</div>
		</UrlModal>
	)
}

function AddRespondentForm({ profileId, options, lastResult }: { profileId: string; options: Option[]; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: `add-respondent-${profileId}`,
		lastResult,
		constraint: getZodConstraint(AddRespondentSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AddRespondentSchema }),
	})
	const error = fields.membershipId.errors?.join(' ')
	return (
		<Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
			<input type="hidden" name={fields.profileId.name} value={profileId} />
			<FormErrors id={form.errorId} errors={form.errors} />
			<Select
				label="Add a respondent"
				name={fields.membershipId.name}
				description="The school’s SENCos / need managers and staff members with access."
				options={options}
				placeholder="Choose someone"
				errorMessage={error}
				isInvalid={Boolean(error)}
				isRequired
			/>
			<div>
				<SubmitButton intent="add-respondent">Add respondent</SubmitButton>
			</div>
		</Form>
	)
}

/** "Remove respondent?": the confirmation, stacked on the respondents modal. */
export function RemoveRespondentModal({ profile, respondent, student }: { profile: ProfileSummary; respondent: ProfileRespondent; student: string }) {
	return (
		<ConfirmModal
			name={REMOVE_RESPONDENT_MODAL}
			title="Remove respondent"
			intent="remove-respondent"
			fields={{ profileId: profile.id, membershipId: respondent.membershipId }}
			drop={['respondent']}
			confirmLabel="Remove respondent"
		>
			<p>
				Remove {respondent.name} from {profileName(profile)} of {student}? They will not be asked in later rounds, and feedback they have not
				started is withdrawn. The answers they have given are kept.
			</p>
		</ConfirmModal>
	)
}
