import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { replaceModal } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus } from '#app/services/list-params.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { approveTransfer, transferStudentName, rejectTransfer } from '#app/services/transfers.server.ts'
import { RejectSchema } from '../+parts/transfer-schema.ts'
import { pageAfter, refused } from '#app/services/respond.server.ts'
import { transferList } from './+parts/transfer-list.server.ts'
import { TransferPane, TransferTable } from './+parts/TransferTable.tsx'
import type { Route } from './+types/incoming.ts'

const APPROVE = 'approve-transfer'
const REJECT = 'reject-transfer'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const { list, rows, total, open } = await transferList(app, request, 'incoming', [APPROVE, REJECT])
	const deciding = open && { id: open.id, student: transferStudentName(open), pending: open.status === 'created' }
	return data({ rows, total, query: list.query, illegal: list.illegal, deciding }, listStatus(list))
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const formData = await request.formData()
	const back = pageAfter(url)
	switch (formData.get('intent')) {
		case 'approve': {
			const id = recordId(formData.get('id'))
			try {
				await approveTransfer(app, id)
			} catch (error) {
				return refused(app, back, error)
			}
			return redirectWithToast(app.em, back, { type: 'success', title: 'Transfer approved', description: 'The student is now on this school’s list.' })
		}
		case 'reject': {
			recordId(formData.get('id'))
			const submission = parseWithZod(formData, { schema: RejectSchema })
			if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
			try {
				await rejectTransfer(app, submission.value.id, submission.value.reason)
			} catch (error) {
				return refused(app, back, error)
			}
			return redirectWithToast(app.em, back, { type: 'success', title: 'Transfer rejected', description: 'The sending school sees your reason.' })
		}
		default:
			return data({ result: null }, { status: 400 })
	}
}

export default function IncomingTransfers({ loaderData, actionData }: Route.ComponentProps) {
	const { rows, total, query, illegal, deciding } = loaderData
	const location = useLocation()
	return (
		<TransferPane id="incoming-heading" heading="Incoming requests" intro="Students other schools want to send to yours. Approving moves the student here with all profiles and answers.">
			<TransferTable
				caption="Incoming transfer requests"
				schoolColumn="From"
				rows={rows}
				total={total}
				query={query}
				illegal={illegal}
				actions={(row) => (
					<div className="flex flex-wrap gap-2">
						<ButtonLink to={replaceModal(location, APPROVE, { id: row.id })} preventScrollReset size="sm">
							Approve<span className="sr-only"> transfer of {row.student}</span>
						</ButtonLink>
						<ButtonLink to={replaceModal(location, REJECT, { id: row.id })} preventScrollReset size="sm" variant="danger">
							Reject<span className="sr-only"> transfer of {row.student}</span>
						</ButtonLink>
					</div>
				)}
			/>
			{deciding ? (
				<>
					<ConfirmModal name={APPROVE} title="Approve transfer" intent="approve" fields={{ id: deciding.id }} drop={['id']} closeLabel="Keep it" confirmLabel="Approve transfer" variant="primary">
						<p>
							{deciding.student} will move to your school with all profiles, rounds and answers. They leave the other school’s groups and
							professionals; add them to yours afterwards.
						</p>
					</ConfirmModal>
					<RejectModal id={deciding.id} student={deciding.student} lastResult={actionData?.result} />
				</>
			) : null}
		</TransferPane>
	)
}

function RejectModal({ id, student, lastResult }: { id: string; student: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'reject-transfer',
		lastResult,
		constraint: getZodConstraint(RejectSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RejectSchema }),
	})
	return (
		<UrlModal name={REJECT} title="Reject transfer">
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="id" value={id} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<p>Tell the sending school why you cannot take {student}.</p>
				<TextArea {...textFieldProps(fields.reason)} label="Reason" isRequired />
				<div>
					<SubmitButton intent="reject" variant="danger">
						Reject transfer
					</SubmitButton>
				</div>
			</Form>
		</UrlModal>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Incoming transfer requests · Students · Spencer' }]
