import { FormValidationContext } from 'react-aria-components'
import { Form as RouterForm, type FormProps as RouterFormProps } from 'react-router'

export type ValidationErrors = Record<string, string | string[] | undefined>

export interface FormProps extends RouterFormProps {
	/**
	 * The server's errors by field name (an action's answer). Each field shows
	 * its own beside it until the user changes that field; a new object (the
	 * next answer) shows them again.
	 */
	validationErrors?: ValidationErrors
}

/** React Router's <Form> (posts without JavaScript) that hands server errors to our fields by `name`. */
export function Form({ validationErrors, children, ...props }: FormProps) {
	return (
		<RouterForm {...props}>
			<FormValidationContext.Provider value={(validationErrors ?? EMPTY) as Record<string, string | string[]>}>
				{children}
			</FormValidationContext.Provider>
		</RouterForm>
	)
}

const EMPTY: ValidationErrors = {}
