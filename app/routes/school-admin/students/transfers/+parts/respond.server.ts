import { z } from 'zod'
import { AppError } from '#app/lib/errors.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { Refusal } from '#app/services/questionnaires.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

/** A request id posted with a form; anything else is not one of this school's requests. */
export function postedId(formData: FormData): string {
	const parsed = z.uuid().safeParse(formData.get('id'))
	if (!parsed.success) throw new Response('Not found', { status: 404 })
	return parsed.data
}

/** The list a decision returns to: the posted URL (search, sort, page kept) without modal or target. */
export function listAfter(request: Request): string {
	const url = new URL(request.url)
	const pathname = url.pathname.replace(/\.data$/, '')
	for (const key of ['modal', 'id', '_routes']) url.searchParams.delete(key)
	const query = url.searchParams.toString()
	return query ? `${pathname}?${query}` : pathname
}

/** A refused decision (already decided, or 1003) goes back to the list as an error toast. */
export async function refused(app: SignedIn, to: string, error: unknown): Promise<Response> {
	if (error instanceof AppError) return redirectWithToast(app.em, to, { type: 'error', title: error.message, description: `Error ${error.code}` })
	if (error instanceof Refusal) return redirectWithToast(app.em, to, { type: 'error', title: error.title, description: error.message })
	throw error
}
