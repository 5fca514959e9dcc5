import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import { z } from 'zod'
import { EmailSchema } from '#app/lib/password-rules.ts'
import { signInWithPassword } from '#app/services/sign-in.server.ts'
import { clearPendingSignIn, findPendingSignIn, MAX_CODE_ATTEMPTS, resendCode, verifyCode } from '#app/services/sign-in-code.server.ts'
import { authPostLimit, requireAnonymous } from '#app/services/guards.server.ts'
import { TOO_MANY_REQUESTS } from '#app/services/rate-limit.server.ts'
import { retryAfterHeaders } from '#app/lib/headers.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { AuthHandle } from './layout.tsx'
import type { Route } from './+types/login.ts'
import { CodeStep, PasswordStep } from './+parts/LoginSteps.tsx'
import { plural } from '#app/lib/plural.ts'

export const handle: AuthHandle = {
	title: 'Welcome!',
	// The code step is another page at the same address: its own words (WCAG 2.4.2, as its title).
	subtitle: (data) => ((data as { step?: string } | undefined)?.step === 'code' ? 'Enter the 6-digit code we emailed you' : 'Enter your email address and password'),
}

const PasswordStepSchema = z.object({
	email: EmailSchema,
	password: z.string({ error: 'Enter your password' }).max(128, 'Enter your password'),
	redirectTo: z.string().optional(),
})
const CodeStepSchema = z.object({
	code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6 digits of the code'),
})

const WRONG_EMAIL_OR_PASSWORD = 'The email address or password is incorrect.'

export async function loader({ context, request }: Route.LoaderArgs) {
	const { em } = requireAnonymous(context)
	const pending = await findPendingSignIn(em, request)
	return { step: pending ? ('code' as const) : ('password' as const), maskedEmail: pending ? maskEmail(pending.user.email) : null }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = requireAnonymous(context)
	// A copy: the password step hands the request itself to remix-auth's form strategy, which reads its body.
	const formData = await request.clone().formData()
	const intent = String(formData.get('intent') ?? 'password')
	const limited = await authPostLimit(app)
	if (limited) {
		return data({ intent, result: { status: 'error' as const, error: { '': [limited.message] } } }, { status: 429, headers: limited.headers })
	}

	if (intent === 'restart') {
		return redirect('/auth/login', { headers: { 'Set-Cookie': await clearPendingSignIn() } })
	}
	if (intent === 'resend') {
		const result = await resendCode(app.em, request)
		if (result.kind === 'resent') {
			// Said, since the page is otherwise the same: a new code is on its way, and the one before it no longer works.
			return redirectWithToast(app.em, '/auth/login', { type: 'success', title: 'New code sent', description: 'Check your email: the code sent before no longer works.' }, { headers: result.headers })
		}
		if (result.kind === 'limited') return codeStepLimited(intent, result.retryAfterSeconds)
		return redirect('/auth/login')
	}

	if (intent === 'code') {
		const submission = parseWithZod(formData, { schema: CodeStepSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		const result = await verifyCode(app.em, request, submission.value.code)
		if (result.kind === 'signedIn') return redirect(result.redirectTo, { headers: result.headers })
		if (result.kind === 'limited') return codeStepLimited(intent, result.retryAfterSeconds)
		if (result.kind === 'invalid' && result.attemptsLeft > 0) {
			const left = plural(result.attemptsLeft, 'attempt')
			return data(
				{ intent, result: submission.reply({ fieldErrors: { code: [`That code is not right. You have ${left} left.`] } }) },
				{ status: 400 },
			)
		}
		return data(
			{
				intent: 'password',
				result: submission.reply({
					formErrors: [`The code has expired or was entered wrong ${MAX_CODE_ATTEMPTS} times. Please sign in again.`],
				}),
			},
			{ status: 400, headers: { 'Set-Cookie': await clearPendingSignIn() } },
		)
	}

	const submission = parseWithZod(formData, { schema: PasswordStepSchema })
	if (submission.status !== 'success') {
		return data({ intent, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	const result = await signInWithPassword(app, request, {
		email: submission.value.email,
		redirectTo: submission.value.redirectTo ?? null,
	})
	switch (result.kind) {
		case 'signedIn':
			return redirect(result.redirectTo, { headers: result.headers })
		case 'code':
			return redirect('/auth/login', { headers: result.headers })
		case 'limited':
			return data(
				{ intent, result: submission.reply({ formErrors: [TOO_MANY_REQUESTS], hideFields: ['password'] }) },
				{ status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
			)
		case 'invalid':
			return data(
				{ intent, result: submission.reply({ formErrors: [WRONG_EMAIL_OR_PASSWORD], hideFields: ['password'] }) },
				{ status: 400 },
			)
	}
}

/** 429 on the code step: the message shows above the code field, and the pending sign-in stays. */
function codeStepLimited(intent: 'code' | 'resend', retryAfterSeconds: number) {
	return data(
		{ intent, result: { status: 'error' as const, error: { '': [TOO_MANY_REQUESTS] } } },
		{ status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } },
	)
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
	const showCode = loaderData.step === 'code' && actionData?.intent !== 'password'
	return showCode ? (
		<CodeStep maskedEmail={loaderData.maskedEmail} lastResult={actionData?.intent === 'code' || actionData?.intent === 'resend' ? actionData.result : undefined} />
	) : (
		<PasswordStep lastResult={actionData?.intent === 'password' ? actionData.result : undefined} />
	)
}

function maskEmail(email: string) {
	const [name = '', domain = ''] = email.split('@')
	return `${name.slice(0, 1)}${'•'.repeat(Math.max(1, name.length - 1))}@${domain}`
}

export const headers: Route.HeadersFunction = retryAfterHeaders

/**
 * The code step giving way to the password step (expired, or entered wrong too often) answers 400 and clears the
 * pending sign-in: the page's data is read again, which React Router otherwise skips after a 4xx, so the title says the
 * password step too.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	if ((actionResult as { intent?: unknown } | undefined)?.intent === 'password') return true
	return defaultShouldRevalidate
}

// The code step has a title of its own: the page is a different one, though its address is the same (WCAG 2.4.2).
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.step === 'code' ? 'Enter your sign-in code · Spencer' : 'Sign in · Spencer' }]
