import type { SubmissionResult } from '@conform-to/react'
import { Link } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { errorsOf, NativeSubmitButton, NativeTextField } from '#app/components/forms/NativeField.tsx'
import { ERROR_CATALOGUE } from '#app/lib/errors.ts'
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from '#app/lib/password-rules.ts'

export const TOKEN_EXPIRED = ERROR_CATALOGUE[1007]

/** One screen for both flows (reset and invitation), switched by `isReset`. */
export function SetPasswordScreen({
	isReset,
	loaderData,
	lastResult,
}: {
	isReset: boolean
	loaderData: { valid: boolean; token: string; email: string }
	lastResult: SubmissionResult<string[]> | null | undefined
}) {
	if (!loaderData.valid) {
		return (
			<div className="flex flex-col gap-6">
				<p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-3 font-medium text-red-800">
					{TOKEN_EXPIRED}
				</p>
				<Link to={isReset ? '/auth/forgot-password' : '/auth/login'} className="font-medium text-brand underline underline-offset-2">
					{isReset ? 'Request a new link' : 'Back to sign in'}
				</Link>
			</div>
		)
	}
	return (
		<Form method="post" className="flex flex-col gap-5" aria-describedby="set-password-errors">
			<FormErrors id="set-password-errors" errors={errorsOf(lastResult, '')} />
			<input type="hidden" name="token" value={loaderData.token} />
			<NativeTextField label="Email" name="email" type="email" autoComplete="username" value={loaderData.email} readOnly />
			<NativeTextField
				label={isReset ? 'New password' : 'Password'}
				name="password"
				type="password"
				autoComplete="new-password"
				description={PASSWORD_HINT}
				required
				minLength={PASSWORD_MIN}
				maxLength={PASSWORD_MAX}
				errors={errorsOf(lastResult, 'password')}
			/>
			<NativeSubmitButton>{isReset ? 'Save new password' : 'Save password and sign in'}</NativeSubmitButton>
		</Form>
	)
}
