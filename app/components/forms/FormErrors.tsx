/** Errors that belong to the whole form (not one field), announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
	if (!errors?.length) return <div id={id} />
	return (
		<div id={id} role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
			{errors.map((error) => (
				<p key={error}>{error}</p>
			))}
		</div>
	)
}
