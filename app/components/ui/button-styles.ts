import { tv, type VariantProps } from 'tailwind-variants/lite'
import { focusRing } from './utils.ts'

// A module apart from Button.tsx: a link that looks like a button (ButtonLink) is on most pages, and needs only these
// classes, not React Aria's button and the press, hover and focus handling that comes with it (13 KB gzipped; ADR 059).

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
		// A native <button> (PlainButton.tsx): the browser's :focus-visible and :active stand for React Aria's states.
		native: { false: '', true: 'focus-visible:outline-3 focus-visible:outline-solid' },
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
		{ native: true, variant: 'primary', className: 'active:bg-[#263a57]' },
		{ native: true, variant: ['secondary', 'ghost'], className: 'active:bg-slate-200' },
		{ native: true, variant: 'danger', className: 'active:bg-red-900' },
	],
	defaultVariants: { variant: 'primary', size: 'md' },
})

export type ButtonVariant = NonNullable<VariantProps<typeof buttonStyles>['variant']>
export type ButtonSize = NonNullable<VariantProps<typeof buttonStyles>['size']>
