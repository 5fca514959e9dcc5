export const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

export const submitClass = 'h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100'

/** A native select for the views' GET forms: it submits without JavaScript. */
export function ChoiceSelect({
	id,
	label,
	name,
	value,
	options,
}: {
	id: string
	label: string
	name: string
	value: string | null
	options: { value: string; label: string }[]
}) {
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium text-slate-900">
				{label}
			</label>
			<select id={id} name={name} defaultValue={value ?? ''} className={controlClass}>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</div>
	)
}
