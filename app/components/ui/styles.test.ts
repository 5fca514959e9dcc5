import { twMerge } from 'tailwind-variants'
import { describe, expect, test } from 'vitest'
import { buttonStyles } from './button-styles.ts'
import { badgeStyles } from './Badge.tsx'
import { checkboxStyles } from './Checkbox.tsx'
import { inputStyles } from './Field.tsx'
import { listBoxItemStyles } from './ListBox.tsx'
import { menuItemStyles } from './Menu.tsx'
import { modalStyles } from './Modal.tsx'
import { radioStyles } from './RadioGroup.tsx'
import { tabStyles } from './Tabs.tsx'
import { focusRing } from './utils.ts'

type Props = Record<string, string | boolean | undefined>
type Styles = ((props?: Props) => string) & { variantKeys?: string[]; variants?: Record<string, Record<string, unknown>> }

// tailwind-variants' lite build does not merge classes (utils.ts). The full build's tailwind-merge, used here only,
// drops a class that a later one overrides: a component's classes for some state that lose a class to it would be
// a look that depended on the merging, and now on the stylesheet's order.
const STYLES = {
	buttonStyles,
	badgeStyles,
	checkboxStyles,
	inputStyles,
	listBoxItemStyles,
	menuItemStyles,
	modalStyles,
	radioStyles,
	tabStyles,
	focusRing,
} as unknown as Record<string, Styles>

/** Every combination of a component's variants, each also left out (its default, or its `false`). */
function combinations(styles: Styles): Props[] {
	let all: Props[] = [{}]
	for (const key of styles.variantKeys ?? []) {
		const values = [...Object.keys(styles.variants?.[key] ?? {}).map((value) => (value === 'true' ? true : value === 'false' ? false : value)), undefined]
		all = all.flatMap((props) => [...new Set(values)].map((value) => ({ ...props, [key]: value })))
	}
	return all
}

const classes = (text: string) => text.split(/\s+/).filter(Boolean).sort()

describe('no class of a component overrides another of its own', () => {
	test.each(Object.entries(STYLES))('%s, in every state', (_name, styles) => {
		const states = combinations(styles)
		expect(states.length).toBeGreaterThan(1)
		for (const props of states) {
			const given = styles(props)
			expect(classes(twMerge(given)), JSON.stringify(props)).toEqual(classes(given))
		}
	})
})

describe('a state left out is its false one', () => {
	test('a button link (no isDisabled, no isPending) looks like an enabled button', () => {
		expect(classes(buttonStyles({ variant: 'secondary' }))).toEqual(classes(buttonStyles({ variant: 'secondary', isDisabled: false, isPending: false })))
		expect(buttonStyles({ variant: 'secondary' })).toContain('cursor-pointer')
		expect(buttonStyles({ variant: 'secondary' })).toContain('bg-white')
	})

	test('an input with no isInvalid has the valid border', () => {
		expect(classes(inputStyles({}))).toEqual(classes(inputStyles({ isInvalid: false, isDisabled: false })))
		expect(inputStyles({})).toContain('border-slate-500')
	})
})
