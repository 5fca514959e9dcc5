import { type ComponentProps } from 'react'
import { tv, type VariantProps } from 'tailwind-variants/lite'

// Dark text on pale fills: every pair is above 4.5:1.
export const badgeStyles = tv({
	base: 'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
	variants: {
		variant: {
			neutral: 'border-slate-300 bg-slate-100 text-slate-800',
			success: 'border-green-300 bg-green-50 text-green-800',
			danger: 'border-red-300 bg-red-50 text-red-800',
			warning: 'border-amber-300 bg-amber-50 text-amber-900',
			info: 'border-blue-300 bg-blue-50 text-blue-800',
		},
	},
	defaultVariants: { variant: 'neutral' },
})

export type BadgeVariant = NonNullable<VariantProps<typeof badgeStyles>['variant']>

/** A short status label (not interactive). The words carry the meaning, the colour only repeats it. */
export function Badge({ variant, className, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
	return <span {...props} className={badgeStyles({ variant, className })} />
}
