import { useEffect, useRef } from 'react'
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

/**
 * React Router's <Form> (posts without JavaScript) that hands server errors to our fields by `name`. Each new answer
 * with errors puts the focus on the first field in error, as the form library does for the app's forms (ADR 101);
 * without JavaScript the field's own `autofocus` does.
 */
export function Form({ validationErrors, children, ...props }: FormProps) {
	const form = useRef<HTMLFormElement>(null)
	useEffect(() => {
		if (!validationErrors || !Object.values(validationErrors).some(Boolean)) return
		const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
		// A group (radios) is not focusable itself: its first control is.
		const target = invalid && (invalid.matches('input, select, textarea') ? invalid : invalid.querySelector<HTMLElement>('input, select, textarea, button'))
		target?.focus()
	}, [validationErrors])
	return (
		<RouterForm ref={form} {...props}>
			<FormValidationContext.Provider value={(validationErrors ?? EMPTY) as Record<string, string | string[]>}>
				{children}
			</FormValidationContext.Provider>
		</RouterForm>
	)
}

const EMPTY: ValidationErrors = {}
