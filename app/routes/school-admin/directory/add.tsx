import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { selectFieldProps, textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { addMember, CANNOT_ADD_MESSAGE } from '#app/services/directory.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { invitationNotSent } from './+parts/invitation-toast.ts'
import { MemberSchema, ROLE_OPTIONS } from './+parts/member-schema.ts'
import type { Route } from './+types/add.ts'

const ALREADY_MEMBER = 'This person is already in your school’s directory.'

export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return null
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const submission = parseWithZod(await request.formData(), { schema: MemberSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const outcome = await addMember(app, submission.value, request)
	if (outcome.kind === 'already-member') {
		return data({ result: submission.reply({ fieldErrors: { email: [ALREADY_MEMBER] } }) }, { status: 409 })
	}
	if (outcome.kind === 'refused') return data({ result: submission.reply({ fieldErrors: { email: [CANNOT_ADD_MESSAGE] } }) }, { status: 409 })
	const { firstName, lastName, email, giveAccess } = submission.value
	if (!outcome.mailed) return redirectWithToast(app.em, '/school-admin/directory', invitationNotSent('added'))
	return redirectWithToast(app.em, '/school-admin/directory', {
		type: 'success',
		title: `${firstName} ${lastName} added`,
		description: giveAccess ? `An invitation was sent to ${email}.` : 'They have no access until you give it.',
	})
}

export default function AddMember({ actionData }: Route.ComponentProps) {
	const [form, fields] = useForm({
		id: 'add-member',
		lastResult: actionData?.result,
		defaultValue: { role: 'professional', giveAccess: 'on' },
		constraint: getZodConstraint(MemberSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: MemberSchema }),
	})
	return (
		<>
			<BackLink to="/school-admin/directory">Directory</BackLink>
			<PageHeader title="Add a person">Someone who works at your school. Give them access now, or later from the directory.</PageHeader>
			<Form method="post" className="grid max-w-3xl gap-5 sm:grid-cols-2" {...getFormProps(form)}>
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<TextField {...textFieldProps(fields.firstName)} label="First name" autoComplete="off" isRequired />
				<TextField {...textFieldProps(fields.lastName)} label="Last name" autoComplete="off" isRequired />
				<TextField {...textFieldProps(fields.email)} label="Email" type="email" autoComplete="off" isRequired className="sm:col-span-2" />
				<Select {...selectFieldProps(fields.role, 'professional')} label="Role" options={ROLE_OPTIONS} isRequired />
				<TextField {...textFieldProps(fields.jobTitle)} label="Job title" description="For example: Class Teacher, SENCo." autoComplete="off" />
				<Checkbox
					name={fields.giveAccess.name}
					defaultSelected={fields.giveAccess.initialValue === 'on'}
					description="They get an email with a link to set their password."
					className="sm:col-span-2"
				>
					Give access now
				</Checkbox>
				<div className="sm:col-span-2">
					<SubmitButton>Add person</SubmitButton>
				</div>
			</Form>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a person · Spencer' }]
