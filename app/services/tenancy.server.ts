import type { Auth } from '#app/lib/auth.ts'
import { isUuid } from './ids.server.ts'

/**
 * Tenancy in one place (docs/architecture.md#tenancy): the acting school every
 * service scopes by, and the one answer for a record outside it. Another
 * school's record, a deleted one and a made-up id all answer the same 404,
 * never 403, so nobody learns which of them it was (ADR 042).
 */

/** The answer for a record that is not there for this user. */
export const notFound = () => new Response('Not found', { status: 404 })

/**
 * The acting school: the school of the membership the session acts as (the
 * impersonated member's during impersonation), never a value from the request.
 * Someone acting in no school has no school-owned record to see: 404.
 */
export function actingSchool({ auth }: { auth: Pick<Auth, 'schoolId'> }): string {
	if (!auth.schoolId) throw notFound()
	return auth.schoolId
}

/** An id from the path, the query or a form that names a record: anything but a UUID names nothing (404) and never reaches a query. */
export function recordId(value: unknown): string {
	if (!isUuid(value)) throw notFound()
	return value
}
