import type { LucideIcon } from 'lucide-react'
import { createElement, type ReactNode } from 'react'

/**
 * A Lucide icon, for decoration (hidden from assistive technology; the control it sits in carries the name).
 * Lucide's own components rebuild their SVG attributes on every render. That costs about 6 µs an icon on the server,
 * against 2 µs for this. A signed-in page draws a dozen icons (ADR 014). This draws the same shapes, built once an
 * icon, with the stroke set by the `icon` rule in app.css; a `stroke-*` class changes the stroke width.
 */
export function Icon({ icon, className }: { icon: LucideIcon; className?: string }) {
	return (
		<svg viewBox="0 0 24 24" aria-hidden="true" className={className ? `icon ${className}` : 'icon'}>
			{shapesOf(icon)}
		</svg>
	)
}

type IconNode = [tag: string, attributes: Record<string, string>][]
type LucideComponent = { render(props: object, ref: null): { props: { icon: { node: IconNode } } } }

const shapes = new WeakMap<LucideIcon, ReactNode[]>()

/** The icon's paths (and circles, lines…) as elements, read once from Lucide's component, which passes its data on. */
function shapesOf(icon: LucideIcon): ReactNode[] {
	let drawn = shapes.get(icon)
	if (!drawn) {
		const { node } = (icon as unknown as LucideComponent).render({}, null).props.icon
		drawn = node.map(([tag, attributes]) => createElement(tag, attributes))
		shapes.set(icon, drawn)
	}
	return drawn
}
