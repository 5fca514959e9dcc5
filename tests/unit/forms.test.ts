import { expect, test } from 'vitest'
import { appSources } from '../support/app-sources.ts'

// ADR 102: every form the form library checks in the browser is checked as it is sent, then as each field is corrected,
// never as the focus leaves a field (its message would move the button being pressed from under the pointer).
test('every useForm is checked on submit, with CHECKED_ON_SUBMIT', () => {
	const forms = appSources().flatMap(({ name, text }) =>
		[...text.matchAll(/\buseForm(?:<[^>]*>)?\(\{([\s\S]*?)\n\t*\}\)/g)].map((match) => ({ name, options: match[1]! })),
	)
	expect(forms.length).toBeGreaterThanOrEqual(20)
	const unchecked = forms.filter(({ options }) => !options.includes('...CHECKED_ON_SUBMIT') || /shouldValidate|shouldRevalidate/.test(options))
	expect(unchecked.map(({ name }) => name)).toEqual([])
})
