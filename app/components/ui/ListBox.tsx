import { Check } from 'lucide-react'
import { ListBox as AriaListBox, ListBoxItem as AriaListBoxItem, Popover as AriaPopover, type Key, type ListBoxItemProps, type PopoverProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import type { FieldTextProps } from './Field.tsx'
import { Icon } from './Icon.tsx'

/** An option shown in Select's and ComboBox's popover lists. */
export interface Option {
	value: string
	label: string
	isDisabled?: boolean
}

/** The props Select and ComboBox share: the field's words, its options, and the chosen option's value. */
export interface ChoiceFieldProps extends FieldTextProps {
	options: Option[]
	value?: string | null
	defaultValue?: string | null
	onChange?: (value: string | null) => void
}

/** Our string-valued onChange as React Aria's key-valued one. */
export function onKeyChange(onChange: ((value: string | null) => void) | undefined) {
	return onChange ? (key: Key | null) => onChange(key === null ? null : String(key)) : undefined
}

export const listBoxItemStyles = tv({
	base: 'group flex cursor-default items-center gap-2 rounded px-3 py-2 text-base select-none forced-color-adjust-none',
	variants: {
		isFocused: { true: 'bg-slate-100' },
		isSelected: { true: 'font-semibold' },
		isDisabled: { false: 'text-slate-900', true: 'text-slate-500' },
		isFocusVisible: { false: 'outline-0', true: 'outline-2 outline-offset-[-2px] outline-blue-700' },
	},
})

export function ListBoxItem(props: ListBoxItemProps) {
	const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined)
	return (
		<AriaListBoxItem {...props} textValue={textValue} className={(renderProps) => listBoxItemStyles(renderProps)}>
			{(renderProps) => (
				<>
					<span className="flex-1">{typeof props.children === 'function' ? props.children(renderProps) : props.children}</span>
					<Icon icon={Check} className="size-4 opacity-0 group-data-selected:opacity-100" />
				</>
			)}
		</AriaListBoxItem>
	)
}

/** A popover of options, at least as wide as their field, or with `menu` of a menu's items, at least 12 rem wide. */
export function Popover({ menu = false, ...props }: Omit<PopoverProps, 'className'> & { menu?: boolean }) {
	return (
		<AriaPopover
			offset={4}
			maxHeight={288}
			{...props}
			className={`max-h-72 ${menu ? 'min-w-48' : 'min-w-(--trigger-width)'} overflow-auto rounded-md border border-slate-300 bg-white p-1 shadow-lg outline-0 forced-colors:bg-[Canvas]`}
		/>
	)
}

/** The hydrated Select's and ComboBox's list of options, in its popover. */
export function OptionsPopover({ options }: { options: Option[] }) {
	return (
		<Popover>
			<AriaListBox items={options.map((option) => ({ ...option, id: option.value }))} className="outline-0">
				{(option) => (
					<ListBoxItem id={option.value} isDisabled={option.isDisabled}>
						{option.label}
					</ListBoxItem>
				)}
			</AriaListBox>
		</Popover>
	)
}

/**
 * The options of the native <select> that stands in for Select and ComboBox before hydration: "nothing chosen" first,
 * unless an option already reads as it ("No key professional" is a choice of its own): the list would say it twice.
 */
export function NativeOptions({ options, placeholder }: { options: Option[]; placeholder: string }) {
	return (
		<>
			{options.some((option) => option.label === placeholder) ? null : <option value="">{placeholder}</option>}
			{options.map((option) => (
				<option key={option.value} value={option.value} disabled={option.isDisabled}>
					{option.label}
				</option>
			))}
		</>
	)
}
