import { createContext, use, type ComponentProps } from 'react'
import { Form as RouterForm } from 'react-router'
import { ACTING_AS_FIELD } from '#app/lib/acting-as.ts'

/** The membership and role the signed-in shell is drawn for (`actingAsValue`), or null outside it. */
export const ActingAsContext = createContext<string | null>(null)

/** The hidden field that says which school and role a form was drawn for (ADR 108); nothing outside the signed-in shell. */
export function ActingAsField() {
	const actingAs = use(ActingAsContext)
	return actingAs ? <input type="hidden" name={ACTING_AS_FIELD} value={actingAs} /> : null
}

/** The value to add to a submission made in code (a fetcher's), as a form's hidden field would. */
export function useActingAs(): Record<string, string> {
	const actingAs = use(ActingAsContext)
	return actingAs ? { [ACTING_AS_FIELD]: actingAs } : {}
}

/**
 * React Router's Form, for every form of the app: one that posts carries the school and role it was drawn for, so a
 * form sent after the session has switched school in another tab is kept, not run for the other school (ADR 108).
 */
export function Form({ children, ...props }: ComponentProps<typeof RouterForm>) {
	const posts = props.method !== undefined && props.method.toLowerCase() !== 'get'
	return (
		<RouterForm {...props}>
			{posts ? <ActingAsField /> : null}
			{children}
		</RouterForm>
	)
}
