import { type ReactNode } from 'react'
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { tv, type VariantProps } from 'tailwind-variants'
import { focusRing } from './utils.ts'

export const buttonStyles = tv({
	extend: focusRing,
	base: 'relative inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border font-medium whitespace-nowrap transition-colors forced-colors:border-[ButtonBorder]',
	variants: {
		variant: {
			primary: 'border-transparent bg-brand text-white hover:bg-[#2f4668] data-pressed:bg-[#263a57]',
			secondary: 'border-slate-500 bg-white text-slate-900 hover:bg-slate-100 data-pressed:bg-slate-200',
			danger: 'border-transparent bg-red-700 text-white hover:bg-red-800 data-pressed:bg-red-900',
			ghost: 'border-transparent bg-transparent text-slate-900 hover:bg-slate-100 data-pressed:bg-slate-200',
			link: 'border-transparent bg-transparent px-0! text-brand underline underline-offset-2 hover:decoration-2',
		},
		size: {
			sm: 'h-8 px-3 text-sm',
			md: 'h-10 px-4 text-sm',
			lg: 'h-12 px-5 text-base',
			icon: 'size-10 p-0',
		},
		isDisabled: {
			true: 'cursor-not-allowed border-slate-300 bg-slate-100 text-slate-500 hover:bg-slate-100 forced-colors:text-[GrayText]',
		},
		isPending: { true: 'cursor-wait' },
	},
	compoundVariants: [{ variant: 'link', isDisabled: true, className: 'bg-transparent no-underline hover:bg-transparent' }],
	defaultVariants: { variant: 'primary', size: 'md' },
})

export type ButtonVariant = NonNullable<VariantProps<typeof buttonStyles>['variant']>
export type ButtonSize = NonNullable<VariantProps<typeof buttonStyles>['size']>

export interface ButtonProps extends Omit<AriaButtonProps, 'children'> {
	variant?: ButtonVariant
	size?: ButtonSize
	children?: ReactNode
}

/**
 * A button. `isPending` keeps the label (so the accessible name stays), shows
 * a spinner, marks the button aria-disabled and ignores presses (a submit
 * button stops submitting). React Aria's own isPending is
 * not used: its announcement points at the button by id and is left dangling
 * when the submission navigates away (axe: role-img-alt).
 */
export function Button({ variant, size, className, children, isPending = false, type, ...props }: ButtonProps) {
	const pressHandlers = isPending
		? { onPress: undefined, onPressStart: undefined, onPressEnd: undefined, onPressUp: undefined, onPressChange: undefined }
		: {}
	return (
		<AriaButton
			{...props}
			{...pressHandlers}
			type={isPending && type === 'submit' ? 'button' : type}
			aria-disabled={isPending ? true : props['aria-disabled']}
			className={composeRenderProps(className, (className, renderProps) =>
				buttonStyles({ ...renderProps, isPending, variant, size, className }),
			)}
		>
			{isPending ? <Spinner /> : null}
			{children}
		</AriaButton>
	)
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
	return (
		<svg className={`${className} animate-spin motion-reduce:animate-none`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
			<circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
			<path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
		</svg>
	)
}
