import type { FieldMetadata } from '@conform-to/react'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'

type Option = { value: string; label: string }

/** A posted field's values as a list (none, one or several): the boxes to show ticked again after a refusal. */
export const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [])

/** A conform list field as a fieldset of checkboxes, one per option, its error tied to the fieldset (a school's staff). */
export function CheckboxList({
	legend,
	field,
	options,
	className,
}: {
	legend: string
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list field of any form
	field: FieldMetadata<any, any, any>
	options: Option[]
	className?: string
}) {
	const error = field.errors?.join(' ')
	const errorId = `${field.id}-error`
	const selected = listOf(field.initialValue)
	return (
		<fieldset className={className ? `flex flex-col gap-2 ${className}` : 'flex flex-col gap-2'} aria-describedby={error ? errorId : undefined}>
			<legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
			{options.length === 0 ? <p className="text-sm text-slate-700">No staff members with access yet.</p> : null}
			{options.map((option) => (
				// Each box marked invalid too, not only the group: a screen reader on a box hears why (WCAG 3.3.1).
				<Checkbox key={option.value} name={field.name} value={option.value} defaultSelected={selected.includes(option.value)} isInvalid={Boolean(error)}>
					{option.label}
				</Checkbox>
			))}
			{error ? (
				<p id={errorId} className="text-sm font-medium text-red-700">
					<span role="alert">{error}</span>
				</p>
			) : null}
		</fieldset>
	)
}
