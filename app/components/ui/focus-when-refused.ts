import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}
const never = () => false

/**
 * A field the server refused takes the focus as its page loads (ADR 101), so that after a post without JavaScript the
 * focus, and a screen reader, start at the first field to correct (its label and its error, by aria-describedby), as
 * the form library's focus does after a post with JavaScript. The browser focuses only the first `autofocus` element of
 * a page, in document order, and only as the page loads.
 *
 * The attribute is in the server's HTML and in the render that hydrates it (the server's snapshot), never after (the
 * browser's): React does not act on it while hydrating, but it focuses any input it mounts with it, and a field drawn
 * again once the page has hydrated (a modal's, when the modal becomes React Aria's) would otherwise take the focus
 * from the page's own order. Only a field that had it renders again after hydration. A field that shows an error for
 * another reason than a refused post (a demonstration of the invalid state) says `autoFocus={false}`.
 */
export function useFocusWhenRefused(invalid: boolean | undefined, autoFocus?: boolean): { autoFocus?: true } {
	const focus = useSyncExternalStore(subscribe, never, () => Boolean(invalid) && autoFocus !== false)
	return focus ? { autoFocus: true } : {}
}
