import { useLayoutEffect, useRef } from 'react'

/**
 * A URL modal is a plain dialog until the page hydrates, then is drawn again as React Aria's, with new elements
 * (ADR 110). What the plain dialog held is carried across: the text typed in it before the page's JavaScript ran (on a
 * slow link, seconds of typing), and after a refused post the focus on its first field in error (or the form's errors),
 * where React Aria would put it on the dialog.
 */
export function useCarriedAcrossHydration(name: string, open: boolean, hydrated: boolean, refused: boolean) {
	const typed = useRef<[string, string][] | null>(null)
	useLayoutEffect(() => {
		if (!hydrated) {
			// The hydrating commit: the plain dialog is still the one on screen, its fields holding what was typed; what is
			// typed until React Aria's replaces it (the next commit) is followed too.
			const plain = open ? document.querySelector(`[data-url-modal-plain="${name}"]`) : null
			const read = () => void (typed.current = plain ? typedIn(plain) : null)
			read()
			plain?.addEventListener('input', read)
			return () => plain?.removeEventListener('input', read)
		}
		if (!typed.current) return
		const dialog = document.querySelector(`[data-url-modal="${name}"]`)
		for (const [field, value] of typed.current) retype(dialog?.querySelector(`[name="${CSS.escape(field)}"]`), value)
		typed.current = null
		if (refused) dialog?.querySelector<HTMLElement>(':is([aria-invalid="true"], [role="alert"][tabindex="-1"])')?.focus()
	}, [hydrated, open, refused, name])
}

/** The fields typed in: text that differs from what the server drew. */
const TYPED = 'input[name]:is(:not([type]), [type="text"], [type="search"], [type="email"], [type="tel"], [type="url"], [type="number"], [type="date"]), textarea[name]'
function typedIn(dialog: Element | null): [string, string][] {
	if (!dialog) return []
	return [...dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)].filter((field) => field.value !== field.defaultValue).map((field) => [field.name, field.value])
}

/** Puts `value` in a field React draws, as typing does: through the element's own setter, then an input event. */
function retype(field: Element | null | undefined, value: string) {
	if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
	Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
	field.dispatchEvent(new Event('input', { bubbles: true }))
}
