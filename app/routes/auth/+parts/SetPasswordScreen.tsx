import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { TextField } from '#app/components/ui/TextField.tsx'
import { ERROR_CATALOGUE } from '#app/lib/errors.ts'
import { EmailSchema, PASSWORD_HINT, PasswordSchema } from '#app/lib/password-rules.ts'

export const SetPasswordSchema = z.object({
	email: EmailSchema,
	token: z.string({ error: 'The link is incomplete' }).min(10),
	password: PasswordSchema,
})

export const COMMON_PASSWORD = 'That password is too common. Please choose another.'
export const TOKEN_EXPIRED = ERROR_CATALOGUE[1007]

/** One screen for both flows, switched by `isReset`. */
export function SetPasswordScreen({
	isReset,
	loaderData,
	lastResult,
}: {
	isReset: boolean
	loaderData: { valid: boolean; token: string; email: string }
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useForm({
		id: 'set-password',
		lastResult,
		constraint: getZodConstraint(SetPasswordSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SetPasswordSchema }),
	})
	if (!loaderData.valid) {
		return (
			<div className="flex flex-col gap-6">
				<p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-3 font-medium text-red-800">
					{TOKEN_EXPIRED}
				</p>
				<Link
					to={isReset ? '/auth/forgot-password' : '/auth/login'}
					className="font-medium text-brand underline underline-offset-2"
				>
					{isReset ? 'Request a new link' : 'Back to sign in'}
				</Link>
			</div>
		)
	}
	return (
		<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<input type="hidden" name="token" value={loaderData.token} />
			<TextField label="E-mail" name="email" type="email" autoComplete="username" value={loaderData.email} isReadOnly />
			<TextField
				{...textFieldProps(fields.password)}
				label={isReset ? 'New password' : 'Password'}
				type="password"
				autoComplete="new-password"
				description={PASSWORD_HINT}
				isRequired
			/>
			<SubmitButton size="lg">{isReset ? 'Save new password' : 'Save password and sign in'}</SubmitButton>
		</Form>
	)
}
