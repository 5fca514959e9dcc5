import type { LucideIcon } from 'lucide-react'

/**
 * A Lucide icon, for decoration (hidden from assistive technology; the control it sits in carries the name), drawn
 * by Lucide's own component. Its size and stroke come from the `icon` rule in app.css (a later `size-*` or
 * `stroke-*` class wins over it), which also outranks the width, height and stroke attributes Lucide writes.
 */
export function Icon({ icon: Lucide, className }: { icon: LucideIcon; className?: string }) {
	return <Lucide aria-hidden="true" className={className ? `icon ${className}` : 'icon'} />
}
