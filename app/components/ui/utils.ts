import { composeRenderProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'

// tailwind-variants' lite build joins classes without tailwind-merge (about 10 KB of gzipped JavaScript on every
// signed-in page): so no component's classes, nor a caller's added to them, may set what another of them sets
// (styles.test.ts checks every variant; ADR 055).

/** The focus ring every control shows when focused from the keyboard. */
export const focusRing = tv({
	base: 'outline-offset-2 outline-blue-700 forced-colors:outline-[Highlight]',
	variants: {
		isFocusVisible: { false: 'outline-0', true: 'outline-3 outline-solid' },
	},
})

/** Our classes and a caller's className, which may be a RAC render-props function; the caller's must not override ours. */
export function composeTailwindRenderProps<T>(
	className: string | ((values: T) => string) | undefined,
	tailwind: string,
): string | ((values: T) => string) {
	return composeRenderProps(className, (given) => (given ? `${tailwind} ${given}` : tailwind))
}
