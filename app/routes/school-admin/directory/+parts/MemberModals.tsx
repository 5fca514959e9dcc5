import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { withoutModals } from '#app/lib/modals.ts'
import { FORMER_STAFF_MEMBER } from '#app/lib/respondents.ts'
import type { MemberAccess, SchoolRole } from '#app/models/enums.ts'
import { ROLE_OPTIONS } from './member-schema.ts'

type Member = { id: string; name: string; email: string; role: SchoolRole; access: MemberAccess }

/** The three modals about one person; each posts to the list without the modal, so any answer closes it. */
export function MemberModals({ member }: { member: Member }) {
	const location = useLocation()
	const action = withoutModals(location, ['id'])
	const hidden = <input type="hidden" name="id" value={member.id} />
	return (
		<>
			<UrlModal name="set-role" title={`Set the role of ${member.name}`} size="sm" closeLabel="Cancel">
				<Form method="post" action={action} className="flex flex-col gap-4">
					{hidden}
					<Select label="Role" name="role" options={ROLE_OPTIONS} defaultValue={member.role} isRequired />
					<p className="text-sm text-slate-700">A school admin manages students and staff; they are taken off the students they were linked to.</p>
					<div>
						<SubmitButton intent="set-role">Save role</SubmitButton>
					</div>
				</Form>
			</UrlModal>
			<UrlModal name="access" title={`Access for ${member.name}`} size="sm" closeLabel="Cancel">
				<Form method="post" action={action} className="flex flex-col gap-4">
					{hidden}
					<p>
						{member.access === 'none'
							? `${member.name} cannot sign in. Giving access sends an invitation to ${member.email} with a link to set a password.`
							: member.access === 'invited'
								? `${member.name} was invited and has not set a password yet. Resending sends a new link; the old one stops working.`
								: `${member.name} can sign in.`}
					</p>
					<div className="flex flex-wrap gap-2">
						{member.access === 'active' ? null : <SubmitButton intent="give-access">{member.access === 'none' ? 'Give access' : 'Resend invitation'}</SubmitButton>}
						{member.access === 'none' ? null : (
							<SubmitButton intent="remove-access" variant="danger">
								Remove access
							</SubmitButton>
						)}
					</div>
				</Form>
			</UrlModal>
			<UrlModal name="delete-person" title={`Delete ${member.name}`} size="sm" closeLabel="Cancel">
				<Form method="post" action={action} className="flex flex-col gap-4">
					{hidden}
					<p>
						{member.name} leaves the directory, their student links, groups and questionnaires they have not submitted, and can no longer
						sign in to this school. Feedback they submitted stays in students’ records with its scores, shown as from “{FORMER_STAFF_MEMBER}”:
						their name is not kept with it.
					</p>
					<div>
						<SubmitButton intent="delete" variant="danger">
							Delete person
						</SubmitButton>
					</div>
				</Form>
			</UrlModal>
		</>
	)
}
