import { TextArea as AriaTextArea, composeRenderProps, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components'
import { inputStyles, type FieldTextProps } from './Field.tsx'
import { useFocusWhenRefused } from './focus-when-refused.ts'
import { TextFieldFrame, useRefused } from './TextField.tsx'

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'type'>, FieldTextProps {
	placeholder?: string
	rows?: number
}

/** A labelled multi-line text input; a native <textarea name=…> on the server. */
export function TextArea({ placeholder, rows = 4, ...props }: TextAreaProps) {
	const focus = useFocusWhenRefused(useRefused(props), props.autoFocus)
	return (
		<TextFieldFrame {...props}>
			<AriaTextArea
				{...focus}
				rows={rows}
				placeholder={placeholder}
				className={composeRenderProps('', (className, renderProps) => inputStyles({ ...renderProps, className: 'resize-y' }))}
			/>
		</TextFieldFrame>
	)
}
