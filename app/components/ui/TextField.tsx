import { type ReactNode, type Ref } from 'react'
import {
	Input as AriaInput,
	TextField as AriaTextField,
	composeRenderProps,
	type InputProps,
	type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { FieldFrame, isInvalidWith, fieldWrapper, inputStyles, useServerError, type FieldTextProps } from './Field.tsx'
import { useFocusWhenRefused } from './focus-when-refused.ts'
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
export function TextField({ placeholder, inputRef, inputClassName, ...props }: TextFieldProps) {
	const focus = useFocusWhenRefused(useRefused(props), props.autoFocus)
	return (
		<TextFieldFrame {...props}>
			<Input ref={inputRef} placeholder={placeholder} className={inputClassName} {...focus} />
		</TextFieldFrame>
	)
}

/** Whether the field shows an error: a message given, or the server's by its name through our Form. */
export function useRefused({ isInvalid, errorMessage, name }: Pick<TextFieldProps, 'isInvalid' | 'errorMessage' | 'name'>): boolean {
	const serverError = useServerError(name)
	return Boolean(isInvalidWith(isInvalid, errorMessage) || serverError)
}

/**
 * The React Aria text field around its control (an input, or TextArea's textarea): checked by aria attributes,
 * invalid when it has a message to show, and framed by its label, description and error.
 */
export function TextFieldFrame({
	label,
	description,
	errorMessage,
	className,
	children,
	...props
}: Omit<AriaTextFieldProps, 'children'> & FieldTextProps & { children: ReactNode }) {
	return (
		<AriaTextField
			validationBehavior="aria"
			{...props}
			isInvalid={isInvalidWith(props.isInvalid, errorMessage)}
			className={composeTailwindRenderProps(className, fieldWrapper)}
		>
			<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
				{children}
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
