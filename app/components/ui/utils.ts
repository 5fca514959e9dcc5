import { composeRenderProps } from 'react-aria-components'
import { tv, twMerge } from 'tailwind-variants'

/** The focus ring every control shows when focused from the keyboard. */
export const focusRing = tv({
	base: 'outline-offset-2 outline-blue-700 forced-colors:outline-[Highlight]',
	variants: {
		isFocusVisible: { false: 'outline-0', true: 'outline-3 outline-solid' },
	},
})

/** Merges our classes with a caller's className, which may be a RAC render-props function. */
export function composeTailwindRenderProps<T>(
	className: string | ((values: T) => string) | undefined,
	tailwind: string,
): string | ((values: T) => string) {
	return composeRenderProps(className, (given) => twMerge(tailwind, given))
}
