import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { NativeOptions } from './ListBox.tsx'

const labels = (markup: string) => [...markup.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map(([, label]) => label)

test('the native options start with "nothing chosen" under the placeholder', () => {
	const markup = renderToStaticMarkup(<NativeOptions options={[{ value: 'y1', label: 'Year 1' }]} placeholder="Choose…" />)
	expect(markup).toContain('<option value="">Choose…</option>')
	expect(labels(markup)).toEqual(['Choose…', 'Year 1'])
})

test('an option that reads as the placeholder stands for it: the list never says it twice', () => {
	const markup = renderToStaticMarkup(
		<NativeOptions options={[{ value: 'none', label: 'No key professional' }, { value: 'a', label: 'Tom Harris' }]} placeholder="No key professional" />,
	)
	expect(labels(markup)).toEqual(['No key professional', 'Tom Harris'])
	expect(markup).not.toContain('value=""')
})
