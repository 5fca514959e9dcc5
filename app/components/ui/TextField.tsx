import { type Ref } from 'react'
import {
	Input as AriaInput,
	TextField as AriaTextField,
	composeRenderProps,
	type InputProps,
	type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { FieldFrame, isInvalidWith, fieldWrapper, inputStyles, type FieldTextProps } from './Field.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface TextFieldProps extends AriaTextFieldProps, FieldTextProps {
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
			<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
				<Input ref={inputRef} placeholder={placeholder} className={inputClassName} />
			</FieldFrame>
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
