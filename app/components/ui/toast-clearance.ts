/**
 * WCAG 2.4.11 (focus not obscured, ADR 100): a toast stays on screen until it is closed when it is a warning or an
 * error (ADR 096), and a corner's toasts may lie over a control. When the focus comes to an element that a corner's
 * toasts cover, even in part, that corner moves to the other edge of the screen (`data-moved`; StaticToasts.tsx
 * styles it), if the element is clear of it there; it stays there while its toasts last. The focus inside a toast
 * region is the toasts' own. Returns the listener's removal.
 */
export function keepFocusClearOfToasts(): () => void {
	const onFocusIn = (event: FocusEvent) => {
		const target = event.target
		if (!(target instanceof Element)) return
		// After the browser has scrolled the element into view.
		requestAnimationFrame(() => {
			const element = target.getBoundingClientRect()
			for (const region of document.querySelectorAll<HTMLElement>('[data-toast-region]')) {
				if (region.contains(target) || region.hasAttribute('data-moved')) continue
				const corner = region.getBoundingClientRect()
				if (!overlaps(element, corner)) continue
				// At the other edge, the same distance from it: the corner mirrored top to bottom.
				const moved = new DOMRect(corner.x, window.innerHeight - corner.bottom, corner.width, corner.height)
				if (!overlaps(element, moved)) region.setAttribute('data-moved', '')
			}
		})
	}
	document.addEventListener('focusin', onFocusIn)
	return () => document.removeEventListener('focusin', onFocusIn)
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
	return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && a.width > 0 && a.height > 0
}
