import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { errorsOf, NativeSubmitButton } from '#app/components/forms/NativeField.tsx'
import { EmailSchema } from '#app/lib/password-rules.ts'
import { requestPasswordReset } from '#app/services/password-links.server.ts'
import { authPostLimit, requireAnonymous } from '#app/services/guards.server.ts'
import { TOO_MANY_REQUESTS } from '#app/services/rate-limit.server.ts'
import { retryAfterHeaders } from '#app/lib/headers.ts'
import { EmailField } from './+parts/LoginSteps.tsx'
import type { AuthHandle } from './layout.tsx'
import type { Route } from './+types/forgot-password.ts'

export const handle: AuthHandle = {
	title: 'Password recovery',
	subtitle: 'Enter your email address. If it has an account, we will send it a link to choose a new password.',
}

const ForgotPasswordSchema = z.object({ email: EmailSchema })

export async function action({ context, request }: Route.ActionArgs) {
	const app = requireAnonymous(context)
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
	const limited = await authPostLimit(app)
	if (limited) return data({ sent: false, result: submission.reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers })
	if (submission.status !== 'success') return data({ sent: false, result: submission.reply() }, { status: 400 })
	const result = await requestPasswordReset(app, request, submission.value.email)
	if (result.kind === 'limited') {
		return data(
			{ sent: false, result: submission.reply({ formErrors: [TOO_MANY_REQUESTS] }) },
			{ status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
		)
	}
	// The same answer whether or not an account exists for the address.
	return { sent: true, result: submission.reply() }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	if (actionData?.sent) {
		return (
			<div className="flex flex-col gap-6">
				<p role="status" className="rounded-md border border-emerald-700 bg-emerald-50 px-3 py-3 text-slate-900">
					If an account uses that address, we have sent it an email with a link to choose a new password. The link works
					once, for 1 hour.
				</p>
				<Link to="/auth/login" className="font-medium text-brand underline underline-offset-2">
					Back to sign in
				</Link>
			</div>
		)
	}
	const result = actionData?.result
	return (
		<Form method="post" className="flex flex-col gap-5" aria-describedby="forgot-errors">
			<FormErrors id="forgot-errors" errors={errorsOf(result, '')} />
			<EmailField result={result} autoComplete="email" />
			<NativeSubmitButton>Send me a link</NativeSubmitButton>
			<Link to="/auth/login" className="text-center text-sm font-medium text-brand underline underline-offset-2">
				Back to sign in
			</Link>
		</Form>
	)
}

export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = () => [{ title: 'Password recovery · Spencer' }]
