import type { SubmissionResult } from '@conform-to/react'
import { Link, useSearchParams } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { errorsOf, NativeSubmitButton, NativeTextField, valueOf } from '#app/components/forms/NativeField.tsx'

type LastResult = SubmissionResult<string[]> | null | undefined

/** The email field of the screens before sign-in, with what the last post sent and its errors. */
export function EmailField({ result, autoComplete }: { result: LastResult; autoComplete: 'username' | 'email' }) {
	return (
		<NativeTextField
			label="Email"
			name="email"
			type="email"
			autoComplete={autoComplete}
			required
			maxLength={254}
			defaultValue={valueOf(result, 'email')}
			errors={errorsOf(result, 'email')}
		/>
	)
}

/** Sign-in's first step: email and password. */
export function PasswordStep({ lastResult }: { lastResult: LastResult }) {
	const [searchParams] = useSearchParams()
	return (
		<Form method="post" className="flex flex-col gap-5" aria-describedby="login-errors">
			<FormErrors id="login-errors" errors={errorsOf(lastResult, '')} />
			<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
			<EmailField result={lastResult} autoComplete="username" />
			<NativeTextField
				label="Password"
				name="password"
				type="password"
				autoComplete="current-password"
				required
				maxLength={128}
				errors={errorsOf(lastResult, 'password')}
			/>
			<div className="flex justify-end">
				<Link to="/auth/forgot-password" className="text-sm font-medium text-brand underline underline-offset-2">
					Forgot password?
				</Link>
			</div>
			<NativeSubmitButton intent="password">Sign in</NativeSubmitButton>
		</Form>
	)
}

/** Sign-in's second step: the code emailed to the account, a new code, or another account. */
export function CodeStep({ maskedEmail, lastResult }: { maskedEmail: string | null; lastResult: LastResult }) {
	return (
		<div className="flex flex-col gap-6">
			<p className="text-slate-700">
				We have emailed a 6-digit code to <strong>{maskedEmail}</strong>. It works for 3 minutes.
			</p>
			<Form method="post" className="flex flex-col gap-5" aria-describedby="code-errors">
				<FormErrors id="code-errors" errors={errorsOf(lastResult, '')} />
				<NativeTextField
					label="Code"
					name="code"
					inputMode="numeric"
					autoComplete="one-time-code"
					pattern="[0-9]{6}"
					title="The 6 digits of the code"
					maxLength={6}
					required
					errors={errorsOf(lastResult, 'code')}
				/>
				<NativeSubmitButton intent="code">Verify and sign in</NativeSubmitButton>
			</Form>
			<div className="flex flex-wrap justify-between gap-3">
				<Form method="post">
					<NativeSubmitButton intent="resend" variant="link">
						Send a new code
					</NativeSubmitButton>
				</Form>
				<Form method="post">
					<NativeSubmitButton intent="restart" variant="link">
						Use another account
					</NativeSubmitButton>
				</Form>
			</div>
		</div>
	)
}
