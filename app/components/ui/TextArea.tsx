import { TextArea as AriaTextArea, composeRenderProps, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components'
import { inputStyles, type FieldTextProps } from './Field.tsx'
import { TextFieldFrame } from './TextField.tsx'

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'type'>, FieldTextProps {
	placeholder?: string
	rows?: number
}

/** A labelled multi-line text input; a native <textarea name=…> on the server. */
export function TextArea({ placeholder, rows = 4, ...props }: TextAreaProps) {
	return (
		<TextFieldFrame {...props}>
			<AriaTextArea
				rows={rows}
				placeholder={placeholder}
				className={composeRenderProps('', (className, renderProps) => inputStyles({ ...renderProps, className: 'resize-y' }))}
			/>
		</TextFieldFrame>
	)
}
