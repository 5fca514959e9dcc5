import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { useFocusWhenRefused } from '#app/components/ui/focus-when-refused.ts'

/**
 * Light form parts for the screens a visitor sees first (sign-in, password
 * recovery): native inputs and buttons with the browser's own constraint
 * validation, no React Aria and no client-side schema, so the login page stays
 * within its JavaScript budget (ADR 004). They look like app/components/ui.
 */

/** The errors of one field (or of the whole form, with name '') in a conform reply. */
export function errorsOf(result: SubmissionResult<string[]> | null | undefined, name: string): string[] {
	return result?.error?.[name] ?? []
}

/** The value a field had when the form was posted, to show it again. */
export function valueOf(result: SubmissionResult<string[]> | null | undefined, name: string): string | undefined {
	const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name]
	return typeof value === 'string' ? value : undefined
}

const inputClass =
	'block w-full min-w-0 rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700 read-only:bg-slate-100'

type NativeTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
	label: string
	name: string
	description?: string
	errors?: string[]
}

export function NativeTextField({ label, description, errors = [], name, ...input }: NativeTextFieldProps) {
	const id = useId()
	const focus = useFocusWhenRefused(errors.length > 0, input.autoFocus)
	// With JavaScript, a refusal drawn after the post: the form's first field in error takes the focus, as the page's load
	// gives it without (ADR 101).
	const ref = useRef<HTMLInputElement>(null)
	const errorText = errors.join(' ')
	useEffect(() => {
		const element = ref.current
		if (errorText && element && element.form?.querySelector('[aria-invalid="true"]') === element) element.focus()
	}, [errorText])
	const descriptionId = `${id}-description`
	const errorId = `${id}-error`
	const describedBy = [description ? descriptionId : null, errors.length ? errorId : null].filter(Boolean).join(' ')
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="w-fit text-sm font-medium text-slate-900">
				{label}
			</label>
			{description ? (
				<p id={descriptionId} className="text-sm text-slate-600">
					{description}
				</p>
			) : null}
			<input
				ref={ref}
				id={id}
				name={name}
				className={inputClass}
				aria-invalid={errors.length ? true : undefined}
				{...focus}
				aria-describedby={describedBy || undefined}
				{...input}
			/>
			{errors.length ? (
				<p id={errorId} role="alert" className="text-sm font-medium text-red-700">
					{errors.join(' ')}
				</p>
			) : null}
		</div>
	)
}

const buttonClass = {
	primary:
		'inline-flex h-12 items-center justify-center gap-2 rounded-md bg-brand px-5 text-base font-medium text-white outline-offset-2 hover:bg-[#2f4668] focus-visible:outline-3 focus-visible:outline-blue-700',
	link: 'inline-flex items-center font-medium text-brand underline underline-offset-2 outline-offset-2 hover:decoration-2 focus-visible:outline-3 focus-visible:outline-blue-700',
}

/** A submit button with a spinner while its submission is in flight (JavaScript on). */
export function NativeSubmitButton({
	intent,
	variant = 'primary',
	children,
}: {
	intent?: string
	variant?: keyof typeof buttonClass
	children: ReactNode
}) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent)
	return (
		<button type="submit" name={intent ? 'intent' : undefined} value={intent} aria-busy={pending || undefined} className={buttonClass[variant]}>
			{pending ? (
				<svg className="size-4 animate-spin motion-reduce:animate-none" viewBox="0 0 24 24" fill="none" aria-hidden="true">
					<circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
					<path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
				</svg>
			) : null}
			{children}
		</button>
	)
}
