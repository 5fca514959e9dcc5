import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { data, useLocation } from 'react-router'
import { ActingAsContext, Form } from '#app/components/forms/Form.tsx'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { retryAfterHeaders } from '#app/lib/headers.ts'
import { PASSWORD_HINT, PasswordSchema } from '#app/lib/password-rules.ts'
import { DIGEST_CHECKBOX_LABEL, ReviewDigestSchema } from '#app/lib/review-digest-schema.ts'
import { changePassword, getAccount, isAccountLocked, setMfa, setReviewDigest, updateName } from '#app/services/account.server.ts'
import { COMMON_PASSWORD } from '#app/services/common-passwords.server.ts'
import { requireUser } from '#app/services/guards.server.ts'
import { TOO_MANY_REQUESTS } from '#app/services/rate-limit.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/profile.ts'

const NameSchema = z.object({
	firstName: z.string({ error: 'Enter your first name' }).trim().min(1, 'Enter your first name').max(100),
	lastName: z.string({ error: 'Enter your last name' }).trim().min(1, 'Enter your last name').max(100),
})
const PasswordChangeSchema = z.object({
	currentPassword: z.string({ error: 'Enter your current password' }).max(128),
	newPassword: PasswordSchema,
})

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireUser(context, request)
	// Someone with no school to work in (their access removed, every school of theirs archived) lands here: the page
	// says why, and who can change it.
	return { account: await getAccount(app), noSchool: app.auth.role === null }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireUser(context, request)
	const formData = await request.formData()
	const intent = formData.get('intent')

	if (intent === 'name') {
		const submission = parseWithZod(formData, { schema: NameSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		await updateName(app, submission.value)
		return redirectWithToast(app.em, '/settings/profile', { type: 'success', title: 'Name saved' })
	}

	if (intent === 'password') {
		const submission = parseWithZod(formData, { schema: PasswordChangeSchema })
		const hide = ['currentPassword', 'newPassword']
		const locked = () => data({ intent, result: submission.reply({ formErrors: ['Not available while impersonating.'], hideFields: hide }) }, { status: 403 })
		// Locked comes first, whatever was posted.
		if (isAccountLocked(app)) return locked()
		if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 400 })
		const outcome = await changePassword(app, submission.value)
		if (outcome.kind === 'locked') return locked()
		if (outcome.kind === 'common') {
			return data({ intent, result: submission.reply({ fieldErrors: { newPassword: [COMMON_PASSWORD] }, hideFields: hide }) }, { status: 400 })
		}
		if (outcome.kind === 'limited') {
			return data(
				{ intent, result: submission.reply({ formErrors: [TOO_MANY_REQUESTS], hideFields: hide }) },
				{ status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
			)
		}
		if (outcome.kind === 'wrong-current') {
			return data(
				{ intent, result: submission.reply({ fieldErrors: { currentPassword: ['That is not your current password.'] }, hideFields: hide }) },
				{ status: 400 },
			)
		}
		return redirectWithToast(app.em, '/settings/profile', {
			type: 'success',
			title: 'Password changed',
			description: 'You were signed out everywhere else.',
		})
	}

	if (intent === 'mfa') {
		const outcome = await setMfa(app, formData.get('enabled') === 'true')
		if (outcome === 'locked') return data({ intent, result: null }, { status: 403 })
		if (outcome === 'required') {
			return redirectWithToast(app.em, '/settings/profile', {
				type: 'error',
				title: 'The sign-in code stays on',
				description: 'Platform admins always sign in with an emailed code.',
			})
		}
		return redirectWithToast(app.em, '/settings/profile', { type: 'success', title: 'Sign-in settings saved' })
	}

	if (intent === 'review-digest') {
		const submission = parseWithZod(formData, { schema: ReviewDigestSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		if ((await setReviewDigest(app, submission.value.reviewDigest)) === 'not-offered') {
			return data({ intent, result: submission.reply({ formErrors: ['Platform admins get no plan reviews by email.'] }) }, { status: 403 })
		}
		return redirectWithToast(app.em, '/settings/profile', {
			type: 'success',
			title: 'Email settings saved',
			description: submission.value.reviewDigest ? 'You will get the plan reviews due every Monday.' : 'You will not get the plan reviews by email.',
		})
	}
	return data({ intent, result: null }, { status: 400 })
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
	const { account } = loaderData
	const { mfaRequired, locked } = account
	const [nameForm, nameFields] = useForm({
		id: 'profile-name',
		lastResult: actionData?.intent === 'name' ? actionData.result : undefined,
		defaultValue: { firstName: account.firstName, lastName: account.lastName },
		constraint: getZodConstraint(NameSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: NameSchema }),
	})
	const [passwordForm, passwordFields] = useForm({
		id: 'profile-password',
		lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
		constraint: getZodConstraint(PasswordChangeSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
	})
	// An error of an earlier password post, and the passwords typed with it, go once another form of the page is sent:
	// the form library keeps a form's errors until that form is sent again, and the page's answer is another form's.
	// Only then, not as the page is first drawn or hydrates: what a password manager or the user has already put in the
	// form stays.
	const location = useLocation()
	const passwordFormId = passwordForm.id
	const lastIntent = actionData?.intent
	const drawnAt = useRef(location.key)
	useEffect(() => {
		if (location.key !== drawnAt.current && lastIntent !== 'password') (document.getElementById(passwordFormId) as HTMLFormElement | null)?.reset()
	}, [location.key, lastIntent, passwordFormId])
	const [digestForm, digestFields] = useForm({
		id: 'profile-review-digest',
		lastResult: actionData?.intent === 'review-digest' ? actionData.result : undefined,
		constraint: getZodConstraint(ReviewDigestSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewDigestSchema }),
	})
	// The account's own settings, whatever school the session works in: its forms carry no school (ADR 108).
	return (
		<ActingAsContext value={null}>
			<PageHeader title="Profile settings">Your name, your password and how you sign in. Signed in as {account.email}.</PageHeader>
			{loaderData.noSchool ? (
				<p className="mb-8 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
					You have no access to a school in Spencer at the moment: your school may have removed your access, or closed
					its Spencer account. Ask your school’s office to give you access again. Your own settings stay here.
				</p>
			) : null}
			<div className="grid max-w-3xl gap-8">
				<section aria-labelledby="name-heading" className="rounded-lg border border-slate-200 bg-white p-6">
					<h2 id="name-heading" className="mb-4 text-lg font-semibold text-slate-900">Your name</h2>
					<Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(nameForm)}>
						<TextField {...textFieldProps(nameFields.firstName)} label="First name" autoComplete="given-name" isRequired />
						<TextField {...textFieldProps(nameFields.lastName)} label="Last name" autoComplete="family-name" isRequired />
						<div className="sm:col-span-2">
							<SubmitButton intent="name">Save name</SubmitButton>
						</div>
					</Form>
				</section>

				<section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-6">
					<h2 id="password-heading" className="mb-1 text-lg font-semibold text-slate-900">Change password</h2>
					<p className="mb-4 text-sm text-slate-700">Changing it signs you out on every other device.</p>
					{locked ? (
						<p className="text-slate-700">Not available while you are acting as this user.</p>
					) : (
						<Form method="post" className="flex flex-col gap-4" {...getFormProps(passwordForm)}>
							<FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
							<TextField {...textFieldProps(passwordFields.currentPassword)} label="Current password"
								type="password" autoComplete="current-password" isRequired />
							<TextField {...textFieldProps(passwordFields.newPassword)} label="New password" type="password"
								autoComplete="new-password" description={PASSWORD_HINT} isRequired />
							<div>
								<SubmitButton intent="password">Change password</SubmitButton>
							</div>
						</Form>
					)}
				</section>

				<section aria-labelledby="mfa-heading" className="rounded-lg border border-slate-200 bg-white p-6">
					<h2 id="mfa-heading" className="mb-1 text-lg font-semibold text-slate-900">Sign-in code by email</h2>
					<p className="mb-4 text-sm text-slate-700">
						{account.mfaEnabled || mfaRequired
							? 'On: after your password, we email you a 6-digit code to finish signing in.'
							: 'Off: you sign in with your password alone.'}
						{mfaRequired ? ' Platform admins always use the code.' : ''}
					</p>
					{locked || mfaRequired ? null : (
						<Form method="post">
							<input type="hidden" name="enabled" value={String(!account.mfaEnabled)} />
							<SubmitButton intent="mfa" variant="secondary">
								{account.mfaEnabled ? 'Turn the sign-in code off' : 'Turn the sign-in code on'}
							</SubmitButton>
						</Form>
					)}
				</section>

				{account.reviewDigestOffered ? (
					<section aria-labelledby="digest-heading" className="rounded-lg border border-slate-200 bg-white p-6">
						<h2 id="digest-heading" className="mb-1 text-lg font-semibold text-slate-900">Plan reviews by email</h2>
						<p className="mb-4 text-sm text-slate-700">
							On Monday mornings, the plan reviews overdue or due that week: those you own, or all of your school’s if you are a SENCo /
							need manager. Each is a strategy’s title, its date and a link; no pupil is named.
						</p>
						<Form method="post" className="flex flex-col gap-4" {...getFormProps(digestForm)}>
							<FormErrors id={digestForm.errorId} errors={digestForm.errors} />
							<Checkbox key={String(account.reviewDigest)} name={digestFields.reviewDigest.name} value="on" defaultSelected={account.reviewDigest}>
								{DIGEST_CHECKBOX_LABEL}
							</Checkbox>
							<div>
								<SubmitButton intent="review-digest" variant="secondary">
									Save email setting
								</SubmitButton>
							</div>
						</Form>
					</section>
				) : null}
			</div>
		</ActingAsContext>
	)
}

export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = () => [{ title: 'Profile settings · Spencer' }]
