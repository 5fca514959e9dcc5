import { useContext, useId, type ReactNode } from 'react'
import {
	FieldError as AriaFieldError,
	FormValidationContext,
	Label as AriaLabel,
	Text,
	type FieldErrorProps,
	type LabelProps,
	type TextProps,
	type ValidationResult,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { useFocusWhenRefused } from './focus-when-refused.ts'
import { composeTailwindRenderProps, focusRing } from './utils.ts'

/**
 * How a field words its error when it is invalid (`isInvalid`, a failed
 * native check, or a server error handed down by our Form). Without it the
 * field shows the validation's own messages, e.g. the server's.
 */
export type ErrorMessage = string | ((validation: ValidationResult) => string)

/** A field with a message to show beside it is invalid, unless the caller says otherwise. */
export function isInvalidWith(isInvalid: boolean | undefined, errorMessage: ErrorMessage | undefined): boolean | undefined {
	return isInvalid ?? (typeof errorMessage === 'string' && errorMessage.length > 0 ? true : undefined)
}

/** The server's error for a field, as our Form hands it down (for the native fallbacks). */
export function useServerError(name: string | undefined): string | undefined {
	const errors = useContext(FormValidationContext)
	if (!name) return undefined
	const error = errors[name]
	return Array.isArray(error) ? error.join(' ') : error
}

export const labelClass = 'w-fit text-sm font-medium text-slate-900'

/** A field's label; a required field gets a visible asterisk (its input is `required` for assistive technology). */
export function Label({ className, isRequired, children, ...props }: LabelProps & { isRequired?: boolean }) {
	return (
		<AriaLabel {...props} className={className ? `${labelClass} ${className}` : labelClass}>
			{children}
			{isRequired ? <RequiredMark /> : null}
		</AriaLabel>
	)
}

export function RequiredMark() {
	return (
		<span aria-hidden="true" className="text-red-700">
			{' '}
			*
		</span>
	)
}

export function Description({ className, ...props }: TextProps) {
	return <Text {...props} slot="description" className={className ? `text-sm text-slate-600 ${className}` : 'text-sm text-slate-600'} />
}

/** The error under a field: tied to it by aria-describedby and announced when it appears. */
export function FieldError({ className, children, ...props }: FieldErrorProps) {
	return (
		<AriaFieldError
			{...props}
			className={composeTailwindRenderProps(className, 'text-sm font-medium text-red-700 forced-colors:text-[Mark]')}
		>
			{(validation) => (
				<span role="alert">
					{typeof children === 'function' ? children(validation) : (children ?? validation.validationErrors.join(' '))}
				</span>
			)}
		</AriaFieldError>
	)
}

/** What every labelled field takes besides its control's own props. */
export interface FieldTextProps {
	label: string
	description?: string
	errorMessage?: ErrorMessage
}

/**
 * The inside of a React Aria field (TextField, TextArea, Select, ComboBox): its label, its description, the control,
 * then its error. React Aria ties the label to the control and the description and error to it by aria-describedby.
 */
export function FieldFrame({ label, description, errorMessage, isRequired, children }: FieldTextProps & { isRequired?: boolean; children: ReactNode }) {
	return (
		<>
			<Label isRequired={isRequired}>{label}</Label>
			{description ? <Description>{description}</Description> : null}
			{children}
			<FieldError>{errorMessage}</FieldError>
		</>
	)
}

/**
 * Border and ring of text-like inputs, and of Select's button (`control: 'select'`), driven by RAC render state. A
 * disabled field's look replaces the invalid or valid one (compound variants), so no class overrides another.
 */
export const inputStyles = tv({
	extend: focusRing,
	base: 'w-full min-w-0 rounded-md border px-3 py-2 text-base placeholder:text-slate-500 forced-colors:bg-[Field]',
	variants: {
		control: { input: 'block', select: 'flex cursor-pointer items-center gap-2 text-start' },
		isInvalid: { false: '', true: '' },
		isDisabled: { false: 'bg-white text-slate-900', true: 'border-slate-300 bg-slate-100 text-slate-500 forced-colors:border-[GrayText]' },
	},
	compoundVariants: [
		{ isDisabled: false, isInvalid: true, className: 'border-red-700 forced-colors:border-[Mark]' },
		{ isDisabled: false, isInvalid: false, className: 'border-slate-500' },
		// Select's button keeps its pointer when disabled, as it always has.
		{ control: 'input', isDisabled: true, className: 'cursor-not-allowed' },
	],
	defaultVariants: { control: 'input' },
})

/** The same look for a native control rendered before hydration (no RAC render state). */
export const nativeInputClass =
	'block w-full min-w-0 rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500'

export const fieldWrapper = 'flex flex-col gap-1'

/** The attributes a native control gets from NativeField: its id, name, and its required, invalid and described state. */
export type NativeControlProps = {
	id: string
	name: string | undefined
	form: string | undefined
	'aria-required': true | undefined
	disabled: boolean | undefined
	'aria-invalid': true | undefined
	'aria-describedby': string | undefined
	className: string
}

/**
 * A labelled field around a native control, for the server and before hydration (and for good without
 * JavaScript): label, description, the control (given its attributes by `children`), and the error, announced.
 */
export function NativeField({
	label,
	description,
	errorMessage,
	isInvalid,
	isRequired,
	isDisabled,
	name,
	form,
	autoFocus,
	className,
	children,
}: FieldTextProps & {
	autoFocus?: boolean
	isInvalid?: boolean
	isRequired?: boolean
	isDisabled?: boolean
	name?: string
	form?: string
	className?: unknown
	children: (control: NativeControlProps) => ReactNode
}) {
	const id = useId()
	const serverError = useServerError(name)
	const invalid = Boolean(isInvalid || serverError) || undefined
	const focus = useFocusWhenRefused(invalid, autoFocus)
	const message = typeof errorMessage === 'string' ? errorMessage : serverError
	const describedBy = [description ? `${id}-description` : null, invalid && message ? `${id}-error` : null].filter(Boolean).join(' ')
	return (
		<div className={`${fieldWrapper} ${typeof className === 'string' ? className : ''}`}>
			<label htmlFor={id} className={labelClass}>
				{label}
				{isRequired ? <RequiredMark /> : null}
			</label>
			{description ? (
				<span id={`${id}-description`} className="text-sm text-slate-600">
					{description}
				</span>
			) : null}
			{children({
				id,
				name,
				form,
				'aria-required': isRequired || undefined,
				disabled: isDisabled,
				'aria-invalid': invalid,
				'aria-describedby': describedBy || undefined,
				...focus,
				className: nativeInputClass,
			})}
			{invalid && message ? (
				<span id={`${id}-error`} className="text-sm font-medium text-red-700">
					<span role="alert">{message}</span>
				</span>
			) : null}
		</div>
	)
}
