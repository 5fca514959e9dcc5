import { useLayoutEffect, useRef } from 'react'
import { ChevronDown } from 'lucide-react'
import {
	Button as AriaButton,
	ComboBox as AriaComboBox,
	Group as AriaGroup,
	Input as AriaInput,
	type ComboBoxProps as AriaComboBoxProps,
} from 'react-aria-components'
import { FieldFrame, NativeField, fieldWrapper, inputStyles } from './Field.tsx'
import { useFocusHandover, useHydrated, type HandedOver } from './hydrated.ts'
import { Icon } from './Icon.tsx'
import { NativeOptions, OptionsPopover, onKeyChange, type ChoiceFieldProps, type Option } from './ListBox.tsx'
import { composeTailwindRenderProps } from './utils.ts'

/** `value` is the chosen option's (a key; with `allowsCustomValue` the typed text is posted instead). */
export interface ComboBoxProps
	extends Omit<AriaComboBoxProps<Option>, 'children' | 'items' | 'value' | 'defaultValue' | 'onChange' | 'selectionMode'>,
		ChoiceFieldProps {
	placeholder?: string
}

/**
 * A text input that filters a list of options. Before hydration (and without
 * JavaScript) it is a native <select>, or an <input list> with a <datalist>
 * when custom values are allowed, posting what the hydrated combo box posts.
 */
export function ComboBox(props: ComboBoxProps) {
	const hydrated = useHydrated()
	const handover = useFocusHandover()
	return hydrated ? <AriaComboBoxField {...props} handover={handover} /> : <NativeComboBox {...props} handover={handover} />
}

function AriaComboBoxField({
	label,
	description,
	errorMessage,
	options,
	placeholder,
	value,
	defaultValue,
	onChange,
	className,
	handover,
	...props
}: ComboBoxProps & HandedOver) {
	const input = useRef<HTMLInputElement>(null)
	useLayoutEffect(() => handover.to(input.current), [handover])
	return (
		<AriaComboBox<Option>
			validationBehavior="aria"
			menuTrigger="focus"
			{...props}
			value={value}
			defaultValue={defaultValue}
			onChange={onKeyChange(onChange)}
			className={composeTailwindRenderProps(className, fieldWrapper)}
		>
			<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
				<AriaGroup className="relative">
					<AriaInput ref={input} placeholder={placeholder} className={(renderProps) => inputStyles({ ...renderProps, className: 'pe-10' })} />
					<AriaButton className="absolute inset-y-0 end-0 flex w-10 cursor-pointer items-center justify-center rounded-e-md text-slate-700 outline-0">
						<Icon icon={ChevronDown} className="size-4" />
					</AriaButton>
				</AriaGroup>
			</FieldFrame>
			<OptionsPopover options={options} />
		</AriaComboBox>
	)
}

function NativeComboBox({ options, placeholder, value, defaultValue, defaultInputValue, allowsCustomValue, handover, ...field }: ComboBoxProps & HandedOver) {
	const selected = value ?? defaultValue ?? ''
	return (
		<NativeField {...field}>
			{(control) =>
				allowsCustomValue ? (
					<>
						<input
							{...control}
							ref={handover.from}
							type="text"
							list={`${control.id}-options`}
							placeholder={placeholder}
							defaultValue={defaultInputValue ?? options.find((option) => option.value === selected)?.label ?? ''}
						/>
						<datalist id={`${control.id}-options`}>
							{options.map((option) => (
								<option key={option.value} value={option.label} />
							))}
						</datalist>
					</>
				) : (
					<select {...control} ref={handover.from} defaultValue={selected}>
						<NativeOptions options={options} placeholder={placeholder ?? 'Choose…'} />
					</select>
				)
			}
		</NativeField>
	)
}
