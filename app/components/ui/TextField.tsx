import { type Ref } from 'react'
import {
	Input as AriaInput,
	TextField as AriaTextField,
	composeRenderProps,
	type InputProps,
	type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { Description, FieldError, Label, isInvalidWith, fieldWrapper, inputStyles, type ErrorMessage } from './Field.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface TextFieldProps extends AriaTextFieldProps {
	label: string
	description?: string
	errorMessage?: ErrorMessage
	placeholder?: string
	inputRef?: Ref<HTMLInputElement>
	inputClassName?: string
}

/**
 * A labelled text input (also email, password, tel, url, search). It renders a
 * native <input name=…> on the server, so the form posts without JavaScript.
 */
export function TextField({
	label,
	description,
	errorMessage,
	placeholder,
	inputRef,
	inputClassName,
	className,
	...props
}: TextFieldProps) {
	return (
		<AriaTextField
			validationBehavior="aria"
			{...props}
			isInvalid={isInvalidWith(props.isInvalid, errorMessage)}
			className={composeTailwindRenderProps(className, fieldWrapper)}
		>
			<Label isRequired={props.isRequired}>{label}</Label>
			{description ? <Description>{description}</Description> : null}
			<Input ref={inputRef} placeholder={placeholder} className={inputClassName} />
			<FieldError>{errorMessage}</FieldError>
		</AriaTextField>
	)
}

export function Input({ className, ...props }: InputProps & { ref?: Ref<HTMLInputElement> }) {
	return (
		<AriaInput
			{...props}
			className={composeRenderProps(className, (className, renderProps) => inputStyles({ ...renderProps, className }))}
		/>
	)
}
