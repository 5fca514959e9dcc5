import { data } from 'react-router'
import { z } from 'zod'
import { AppError } from '#app/lib/errors.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { Refusal } from '#app/services/questionnaires.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

const Uuid = z.uuid()

/** A record id posted with a form; anything else is a bad request. */
export function postedId(formData: FormData, name = 'id'): string {
	const parsed = Uuid.safeParse(formData.get(name))
	if (!parsed.success) throw data({ intent: null, result: null }, { status: 400 })
	return parsed.data
}

/** A record id in the URL; anything else is not found. */
export { pathId } from '#app/services/ids.server.ts'

/**
 * The page a write returns to: the URL the form was posted to, with its
 * modals closed. A submission with JavaScript arrives at the single-fetch URL
 * (`…/list.data?_routes=…`), which is not a page: it is normalised first.
 */
export function pageAfter(request: Request): string {
	const url = new URL(request.url)
	const pathname = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '')
	for (const key of ['modal', 'id', 'domainId', 'index', '_routes']) url.searchParams.delete(key)
	const query = url.searchParams.toString()
	return query ? `${pathname}?${query}` : pathname
}

/**
 * A refused write (a catalogue error such as 1002 or 1005, or a state that
 * does not allow it) goes back to the page with the message as an error toast.
 * Anything else is not ours to handle.
 */
export async function refused(app: SignedIn, to: string, error: unknown): Promise<Response> {
	if (error instanceof AppError) return redirectWithToast(app.em, to, { type: 'error', title: error.message, description: `Error ${error.code}` })
	if (error instanceof Refusal) return redirectWithToast(app.em, to, { type: 'error', title: error.title, description: error.message })
	throw error
}
