import { AppError } from '#app/lib/errors.ts'
import { pagePath, type SignedIn } from '#app/services/guards.server.ts'
import { Refusal } from '#app/services/questionnaires.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

/** Record ids posted with a form (400; one in the URL is tenancy.server.ts's `recordId`, 404): checked before any query. */
export { postedId } from '#app/services/ids.server.ts'

/**
 * The page a write returns to: the URL the form was posted to, with its
 * modals closed. A submission with JavaScript arrives at the single-fetch URL
 * (`…/list.data?_routes=…`), which is not a page: it is normalised first.
 */
export function pageAfter(request: Request): string {
	return pagePath(request, ['modal', 'id', 'domainId', 'index'])
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
