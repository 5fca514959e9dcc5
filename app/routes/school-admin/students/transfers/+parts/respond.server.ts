import { AppError } from '#app/lib/errors.ts'
import { pagePath, type SignedIn } from '#app/services/guards.server.ts'
import { isUuid } from '#app/services/ids.server.ts'
import { Refusal } from '#app/services/questionnaires.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

/** A request id posted with a form; anything else is not one of this school's requests. */
export function postedId(formData: FormData): string {
	const id = formData.get('id')
	if (!isUuid(id)) throw new Response('Not found', { status: 404 })
	return id
}

/** The list a decision returns to: the posted URL (search, sort, page kept) without modal or target. */
export function listAfter(request: Request): string {
	return pagePath(request, ['modal', 'id'])
}

/** A refused decision (already decided, or 1003) goes back to the list as an error toast. */
export async function refused(app: SignedIn, to: string, error: unknown): Promise<Response> {
	if (error instanceof AppError) return redirectWithToast(app.em, to, { type: 'error', title: error.message, description: `Error ${error.code}` })
	if (error instanceof Refusal) return redirectWithToast(app.em, to, { type: 'error', title: error.title, description: error.message })
	throw error
}
