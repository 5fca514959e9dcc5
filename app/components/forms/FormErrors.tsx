/**
 * Errors that belong to the whole form (not one field), announced when they appear. After a post without JavaScript
 * they take the focus as the page loads, ahead of the fields below them (ADR 101): the browser focuses the first
 * `autofocus` element of the page, and only as it loads (React does not move the focus to a `div` it mounts later).
 */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
	if (!errors?.length) return <div id={id} />
	return (
		<div
			id={id}
			role="alert"
			tabIndex={-1}
			// eslint-disable-next-line jsx-a11y/no-autofocus -- the page's answer to a refused post: ADR 101
			autoFocus
			className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700"
		>
			{errors.map((error) => (
				<p key={error}>{error}</p>
			))}
		</div>
	)
}
