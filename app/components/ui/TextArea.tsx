import {
	TextArea as AriaTextArea,
	TextField as AriaTextField,
	composeRenderProps,
	type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { Description, FieldError, Label, isInvalidWith, fieldWrapper, inputStyles, type ErrorMessage } from './Field.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'type'> {
	label: string
	description?: string
	errorMessage?: ErrorMessage
	placeholder?: string
	rows?: number
}

/** A labelled multi-line text input; a native <textarea name=…> on the server. */
export function TextArea({ label, description, errorMessage, placeholder, rows = 4, className, ...props }: TextAreaProps) {
	return (
		<AriaTextField
			validationBehavior="aria"
			{...props}
			isInvalid={isInvalidWith(props.isInvalid, errorMessage)}
			className={composeTailwindRenderProps(className, fieldWrapper)}
		>
			<Label isRequired={props.isRequired}>{label}</Label>
			{description ? <Description>{description}</Description> : null}
			<AriaTextArea
				rows={rows}
				placeholder={placeholder}
				className={composeRenderProps('', (className, renderProps) => inputStyles({ ...renderProps, className: 'resize-y' }))}
			/>
			<FieldError>{errorMessage}</FieldError>
		</AriaTextField>
	)
}
