import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import {
	Button as AriaButton,
	ListBox as AriaListBox,
	Select as AriaSelect,
	SelectValue as AriaSelectValue,
	composeRenderProps,
	type Key,
	type SelectProps as AriaSelectProps,
} from 'react-aria-components'
import { Description, FieldError, Label, fieldWrapper, inputStyles, labelClass, nativeInputClass, RequiredMark, useServerError, type ErrorMessage } from './Field.tsx'
import { useHydrated } from './hydrated.ts'
import { ListBoxItem, Popover, type Option } from './ListBox.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface SelectProps
	extends Omit<AriaSelectProps<Option>, 'children' | 'items' | 'value' | 'defaultValue' | 'onChange' | 'selectionMode'> {
	label: string
	description?: string
	errorMessage?: ErrorMessage
	options: Option[]
	value?: string | null
	defaultValue?: string | null
	onChange?: (value: string | null) => void
}

/**
 * A single choice from a list. On the server and before hydration it is a
 * native <select name=…> (which works without JavaScript); once hydrated, the
 * React Aria select with its own hidden native select, so the form posts the
 * same value either way.
 */
export function Select(props: SelectProps) {
	const hydrated = useHydrated()
	return hydrated ? <AriaSelectField {...props} /> : <NativeSelect {...props} />
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
	...props
}: SelectProps) {
	return (
		<AriaSelect<Option>
			validationBehavior="aria"
			{...props}
			placeholder={placeholder}
			value={value}
			defaultValue={defaultValue}
			onChange={onChange ? (key: Key | null) => onChange(key === null ? null : String(key)) : undefined}
			className={composeTailwindRenderProps(className, fieldWrapper)}
		>
			<Label isRequired={props.isRequired}>{label}</Label>
			{description ? <Description>{description}</Description> : null}
			<AriaButton
				className={composeRenderProps('', (_, renderProps) =>
					inputStyles({ ...renderProps, className: 'flex cursor-pointer items-center gap-2 text-start' }),
				)}
			>
				<AriaSelectValue className="flex-1 truncate data-placeholder:text-slate-600">
					{({ isPlaceholder, selectedText }) => (isPlaceholder ? placeholder : selectedText)}
				</AriaSelectValue>
				<ChevronDown aria-hidden="true" className="size-4 text-slate-700" />
			</AriaButton>
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
		</AriaSelect>
	)
}

function NativeSelect({
	label,
	description,
	errorMessage,
	options,
	value,
	defaultValue,
	placeholder = 'Choose…',
	isInvalid,
	isRequired,
	isDisabled,
	name,
	form,
	className,
}: SelectProps) {
	const id = useId()
	const serverError = useServerError(name)
	const invalid = Boolean(isInvalid || serverError) || undefined
	const message = typeof errorMessage === 'string' ? errorMessage : serverError
	const describedBy = [description ? `${id}-description` : null, invalid && message ? `${id}-error` : null].filter(Boolean).join(' ')
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
			<select
				id={id}
				name={name}
				form={form}
				aria-required={isRequired || undefined}
				disabled={isDisabled}
				aria-invalid={invalid}
				aria-describedby={describedBy || undefined}
				defaultValue={value ?? defaultValue ?? ''}
				className={nativeInputClass}
			>
				<option value="">{placeholder}</option>
				{options.map((option) => (
					<option key={option.value} value={option.value} disabled={option.isDisabled}>
						{option.label}
					</option>
				))}
			</select>
			{invalid && message ? (
				<span id={`${id}-error`} className="text-sm font-medium text-red-700">
					<span role="alert">{message}</span>
				</span>
			) : null}
		</div>
	)
}
