/**
 * A field the server refused takes the focus as its page loads (ADR 101), so that after a post without JavaScript the
 * focus, and a screen reader, start at the first field to correct (its label and its error, by aria-describedby), as
 * the form library's focus does after a post with JavaScript. The browser focuses only the first `autofocus` element of
 * a page, in document order, and only as the page loads: React gives the attribute in the server's HTML and does not
 * act on it when hydrating; a field that turns invalid later keeps the focus where it is.
 */
export function focusWhenRefused(invalid: boolean | undefined): { autoFocus?: true } {
	return invalid ? { autoFocus: true } : {}
}
