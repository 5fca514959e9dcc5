import {
	TextArea as AriaTextArea,
	TextField as AriaTextField,
	composeRenderProps,
	type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { FieldFrame, isInvalidWith, fieldWrapper, inputStyles, type FieldTextProps } from './Field.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'type'>, FieldTextProps {
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
			<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
				<AriaTextArea
					rows={rows}
					placeholder={placeholder}
					className={composeRenderProps('', (className, renderProps) => inputStyles({ ...renderProps, className: 'resize-y' }))}
				/>
			</FieldFrame>
		</AriaTextField>
	)
}
