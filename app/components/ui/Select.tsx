import { ChevronDown } from 'lucide-react'
import { useLayoutEffect, useRef, type FocusEvent } from 'react'
import {
	Button as AriaButton,
	Select as AriaSelect,
	SelectValue as AriaSelectValue,
	composeRenderProps,
	type SelectProps as AriaSelectProps,
} from 'react-aria-components'
import { FieldFrame, NativeField, fieldWrapper, inputStyles } from './Field.tsx'
import { useFocusHandover, useHydrated, type HandedOver } from './hydrated.ts'
import { Icon } from './Icon.tsx'
import { NativeOptions, OptionsPopover, onKeyChange, type ChoiceFieldProps, type Option } from './ListBox.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface SelectProps
	extends Omit<AriaSelectProps<Option>, 'children' | 'items' | 'value' | 'defaultValue' | 'onChange' | 'selectionMode'>,
		ChoiceFieldProps {}

/**
 * A single choice from a list. On the server and before hydration it is a
 * native <select name=…> (which works without JavaScript); once hydrated, the
 * React Aria select with its own hidden native select, so the form posts the
 * same value either way.
 */
export function Select(props: SelectProps) {
	const hydrated = useHydrated()
	const handover = useFocusHandover()
	return hydrated ? <AriaSelectField {...props} handover={handover} /> : <NativeSelect {...props} handover={handover} />
}

function AriaSelectField({
	label,
	description,
	errorMessage,
	options,
	value,
	defaultValue,
	onChange,
	placeholder = 'Choose…',
	className,
	handover,
	...props
}: SelectProps & HandedOver) {
	const trigger = useRef<HTMLButtonElement>(null)
	useLayoutEffect(() => handover.to(trigger.current), [handover])
	// The form library focuses the first field in error by its name, which is React Aria's hidden <select> (clipped to
	// 1 px, out of the tab order): the focus goes on to the button that shows the field (WCAG 2.4.7).
	const toTrigger = (event: FocusEvent) => {
		if (event.target instanceof HTMLSelectElement) trigger.current?.focus()
	}
	return (
		<div className="contents" onFocus={toTrigger}>
			<AriaSelect<Option>
				validationBehavior="aria"
				{...props}
				placeholder={placeholder}
				value={value}
				defaultValue={defaultValue}
				onChange={onKeyChange(onChange)}
				className={composeTailwindRenderProps(className, fieldWrapper)}
			>
				<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
					<AriaButton
						ref={trigger}
						className={composeRenderProps('', (_, renderProps) =>
							inputStyles({ ...renderProps, control: 'select' }),
						)}
					>
						<AriaSelectValue className="flex-1 truncate data-placeholder:text-slate-600">
							{({ isPlaceholder, selectedText }) => (isPlaceholder ? placeholder : selectedText)}
						</AriaSelectValue>
						<Icon icon={ChevronDown} className="size-4 text-slate-700" />
					</AriaButton>
				</FieldFrame>
				<OptionsPopover options={options} />
			</AriaSelect>
		</div>
	)
}

function NativeSelect({ options, value, defaultValue, placeholder = 'Choose…', handover, ...field }: SelectProps & HandedOver) {
	return (
		<NativeField {...field}>
			{(control) => (
				<select {...control} ref={handover.from} defaultValue={value ?? defaultValue ?? ''}>
					<NativeOptions options={options} placeholder={placeholder} />
				</select>
			)}
		</NativeField>
	)
}
