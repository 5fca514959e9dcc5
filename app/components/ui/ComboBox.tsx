import { ChevronDown } from 'lucide-react'
import {
	Button as AriaButton,
	ComboBox as AriaComboBox,
	Group as AriaGroup,
	Input as AriaInput,
	type ComboBoxProps as AriaComboBoxProps,
} from 'react-aria-components'
import { FieldFrame, NativeField, fieldWrapper, inputStyles } from './Field.tsx'
import { useHydrated } from './hydrated.ts'
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
	return hydrated ? <AriaComboBoxField {...props} /> : <NativeComboBox {...props} />
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
	...props
}: ComboBoxProps) {
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
					<AriaInput placeholder={placeholder} className={(renderProps) => inputStyles({ ...renderProps, className: 'pe-10' })} />
					<AriaButton className="absolute inset-y-0 end-0 flex w-10 cursor-pointer items-center justify-center rounded-e-md text-slate-700 outline-0">
						<Icon icon={ChevronDown} className="size-4" />
					</AriaButton>
				</AriaGroup>
			</FieldFrame>
			<OptionsPopover options={options} />
		</AriaComboBox>
	)
}

function NativeComboBox({ options, placeholder, value, defaultValue, defaultInputValue, allowsCustomValue, ...field }: ComboBoxProps) {
	const selected = value ?? defaultValue ?? ''
	return (
		<NativeField {...field}>
			{(control) =>
				allowsCustomValue ? (
					<>
						<input
							{...control}
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
					<select {...control} defaultValue={selected}>
						<NativeOptions options={options} placeholder={placeholder ?? 'Choose…'} />
					</select>
				)
			}
		</NativeField>
	)
}
