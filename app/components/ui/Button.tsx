import { type ReactNode } from 'react'
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { tv, type VariantProps } from 'tailwind-variants/lite'
import { focusRing } from './utils.ts'

// Each variant's colours are its enabled look; a disabled button has the disabled look instead (compound variants),
// never both: without tailwind-merge no class may override another (utils.ts).
export const buttonStyles = tv({
	extend: focusRing,
	base: 'relative inline-flex items-center justify-center gap-2 rounded-md border font-medium whitespace-nowrap transition-colors forced-colors:border-[ButtonBorder]',
	variants: {
		variant: {
			primary: 'data-pressed:bg-[#263a57]',
			secondary: 'data-pressed:bg-slate-200',
			danger: 'data-pressed:bg-red-900',
			ghost: 'data-pressed:bg-slate-200',
			link: 'px-0! underline-offset-2 hover:decoration-2',
		},
		size: {
			sm: 'h-8 px-3 text-sm',
			md: 'h-10 px-4 text-sm',
			lg: 'h-12 px-5 text-base',
			icon: 'size-10 p-0',
		},
		isDisabled: { false: '', true: 'border-slate-300 text-slate-500 forced-colors:text-[GrayText]' },
		isPending: { false: '', true: 'cursor-wait' },
	},
	compoundVariants: [
		{ variant: 'primary', isDisabled: false, className: 'border-transparent bg-brand text-white hover:bg-[#2f4668]' },
		{ variant: 'secondary', isDisabled: false, className: 'border-slate-500 bg-white text-slate-900 hover:bg-slate-100' },
		{ variant: 'danger', isDisabled: false, className: 'border-transparent bg-red-700 text-white hover:bg-red-800' },
		{ variant: 'ghost', isDisabled: false, className: 'border-transparent bg-transparent text-slate-900 hover:bg-slate-100' },
		{ variant: 'link', isDisabled: false, className: 'border-transparent bg-transparent text-brand underline' },
		{ variant: ['primary', 'secondary', 'danger', 'ghost'], isDisabled: true, className: 'bg-slate-100 hover:bg-slate-100' },
		{ variant: 'link', isDisabled: true, className: 'bg-transparent no-underline hover:bg-transparent' },
		{ isPending: false, isDisabled: false, className: 'cursor-pointer' },
		{ isPending: false, isDisabled: true, className: 'cursor-not-allowed' },
	],
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
