import { data } from 'react-router'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every record id is a UUID: anything else never reaches a query (PostgreSQL would refuse it with an error). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)

/** A route param or query value that names an id (`id`, `domainId`…): checked as a UUID before any loader runs. */
export const isIdName = (name: string) => name === 'id' || /[a-z]Id$/.test(name)

/** An id posted with a form: anything but a UUID is a bad request, answered before it reaches a query. */
export function postedId(formData: FormData, name = 'id'): string {
	const value = formData.get(name)
	if (!isUuid(value)) throw data('The form names a record that does not exist. Go back, reload the page and try again.', { status: 400 })
	return value
}
