import { ArrowUpDown, Check, CircleAlert, LogOut, Printer, X, type LucideIcon } from 'lucide-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { Icon } from './Icon.tsx'

/** The opening tag of an SVG's markup. */
const svgTag = (markup: string) => /^<svg[^>]*>/.exec(markup)?.[0] ?? ''

test.each<[string, LucideIcon]>([
	['ArrowUpDown', ArrowUpDown],
	['Check', Check],
	['CircleAlert', CircleAlert],
	['LogOut', LogOut],
	['Printer', Printer],
	['X', X],
])('%s is Lucide’s own drawing, hidden from assistive technology, sized and stroked by the icon rule', (_name, Lucide) => {
	const ours = renderToStaticMarkup(<Icon icon={Lucide} className="size-4" />)
	expect(ours).toBe(renderToStaticMarkup(<Lucide aria-hidden="true" className="icon size-4" />))
	expect(ours).toMatch(/<(path|circle|rect|line|polyline)/)
	expect(svgTag(ours)).toContain(' aria-hidden="true"')
	expect(svgTag(ours)).toMatch(/ class="lucide( lucide-[a-z0-9-]+)+ icon size-4"/)
	expect(svgTag(renderToStaticMarkup(<Icon icon={Lucide} />))).toMatch(/ class="lucide( lucide-[a-z0-9-]+)+ icon"/)
})
