import { AppError } from '#app/lib/errors.ts'
import { pagePath, type SignedIn } from '#app/services/guards.server.ts'
import { Refusal } from '#app/services/questionnaires.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

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
