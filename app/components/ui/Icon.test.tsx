import { ArrowUpDown, Check, CircleAlert, LogOut, Printer, X, type LucideIcon } from 'lucide-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { Icon } from './Icon.tsx'

/** The shapes inside an SVG's markup. */
const shapes = (markup: string) => markup.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '')

test.each<[string, LucideIcon]>([
	['ArrowUpDown', ArrowUpDown],
	['Check', Check],
	['CircleAlert', CircleAlert],
	['LogOut', LogOut],
	['Printer', Printer],
	['X', X],
])('%s draws the same shapes as Lucide’s own component, hidden from assistive technology', (_name, lucide) => {
	const ours = renderToStaticMarkup(<Icon icon={lucide} className="size-4" />)
	const theirs = renderToStaticMarkup(<LucideSvg icon={lucide} />)
	expect(shapes(theirs)).toMatch(/^<(path|circle|rect|line|polyline)/)
	expect(shapes(ours)).toBe(shapes(theirs))
	expect(ours).toMatch(/^<svg viewBox="0 0 24 24" aria-hidden="true" class="icon size-4">/)
})

function LucideSvg({ icon: Lucide }: { icon: LucideIcon }) {
	return <Lucide aria-hidden="true" />
}
