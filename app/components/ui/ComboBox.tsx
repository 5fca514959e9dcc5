import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import {
	Button as AriaButton,
	ComboBox as AriaComboBox,
	Group as AriaGroup,
	Input as AriaInput,
	ListBox as AriaListBox,
	type ComboBoxProps as AriaComboBoxProps,
	type Key,
} from 'react-aria-components'
import { Description, FieldError, Label, fieldWrapper, inputStyles, labelClass, nativeInputClass, RequiredMark, useServerError, type ErrorMessage } from './Field.tsx'
import { useHydrated } from './hydrated.ts'
import { ListBoxItem, Popover, type Option } from './ListBox.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface ComboBoxProps
	extends Omit<AriaComboBoxProps<Option>, 'children' | 'items' | 'value' | 'defaultValue' | 'onChange' | 'selectionMode'> {
	label: string
	description?: string
	errorMessage?: ErrorMessage
	options: Option[]
	placeholder?: string
	/** The chosen option's value (a key; with `allowsCustomValue` the typed text is posted instead). */
	value?: string | null
	defaultValue?: string | null
	onChange?: (value: string | null) => void
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
			onChange={onChange ? (key: Key | null) => onChange(key === null ? null : String(key)) : undefined}
			className={composeTailwindRenderProps(className, fieldWrapper)}
		>
			<Label isRequired={props.isRequired}>{label}</Label>
			{description ? <Description>{description}</Description> : null}
			<AriaGroup className="relative">
				<AriaInput placeholder={placeholder} className={(renderProps) => inputStyles({ ...renderProps, className: 'pe-10' })} />
				<AriaButton className="absolute inset-y-0 end-0 flex w-10 cursor-pointer items-center justify-center rounded-e-md text-slate-700 outline-0">
					<ChevronDown aria-hidden="true" className="size-4" />
				</AriaButton>
			</AriaGroup>
			<FieldError>{errorMessage}</FieldError>
			<Popover>
				<AriaListBox items={options.map((option) => ({ ...option, id: option.value }))} className="outline-0">
					{(option) => (
						<ListBoxItem id={option.value} isDisabled={option.isDisabled}>
							{option.label}
						</ListBoxItem>
					)}
				</AriaListBox>
			</Popover>
		</AriaComboBox>
	)
}

function NativeComboBox({
	label,
	description,
	errorMessage,
	options,
	placeholder,
	value,
	defaultValue,
	defaultInputValue,
	allowsCustomValue,
	isInvalid,
	isRequired,
	isDisabled,
	name,
	form,
	className,
}: ComboBoxProps) {
	const id = useId()
	const serverError = useServerError(name)
	const invalid = Boolean(isInvalid || serverError) || undefined
	const message = typeof errorMessage === 'string' ? errorMessage : serverError
	const describedBy = [description ? `${id}-description` : null, invalid && message ? `${id}-error` : null].filter(Boolean).join(' ')
	const common = {
		id,
		name,
		form,
		'aria-required': isRequired || undefined,
		disabled: isDisabled,
		'aria-invalid': invalid,
		'aria-describedby': describedBy || undefined,
		className: nativeInputClass,
	}
	const selected = value ?? defaultValue ?? ''
	return (
		<div className={`${fieldWrapper} ${typeof className === 'string' ? className : ''}`}>
			<label htmlFor={id} className={labelClass}>
				{label}
				{isRequired ? <RequiredMark /> : null}
			</label>
			{description ? (
				<span id={`${id}-description`} className="text-sm text-slate-600">
					{description}
				</span>
			) : null}
			{allowsCustomValue ? (
				<>
					<input
						{...common}
						type="text"
						list={`${id}-options`}
						placeholder={placeholder}
						defaultValue={defaultInputValue ?? options.find((option) => option.value === selected)?.label ?? ''}
					/>
					<datalist id={`${id}-options`}>
						{options.map((option) => (
							<option key={option.value} value={option.label} />
						))}
					</datalist>
				</>
			) : (
				<select {...common} defaultValue={selected}>
					<option value="">{placeholder ?? 'Choose…'}</option>
					{options.map((option) => (
						<option key={option.value} value={option.value} disabled={option.isDisabled}>
							{option.label}
						</option>
					))}
				</select>
			)}
			{invalid && message ? (
				<span id={`${id}-error`} className="text-sm font-medium text-red-700">
					<span role="alert">{message}</span>
				</span>
			) : null}
		</div>
	)
}
