import { AppError } from '#app/lib/errors.ts'
import type { SignedIn } from './guards.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { redirectWithToast } from './toast.server.ts'

/** What a write's URL modal and its target leave in the URL (lib/modals.ts): gone once the write is done. */
const MODAL_AND_TARGET = ['modal', 'id', 'domainId']

/**
 * The page a write returns to: the page the form was posted to, without the
 * `drop`ped parameters (by default its modal and target closed). `url` is the
 * one React Router hands actions: with JavaScript a form posts to the single
 * fetch's `…/page.data?_routes=…`, and `url` is already the page itself.
 */
export function pageAfter(url: URL, drop: readonly string[] = MODAL_AND_TARGET): string {
	const page = new URL(url)
	for (const key of drop) page.searchParams.delete(key)
	return `${page.pathname}${page.search}`
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

/** A ZIP download (an export), streamed as it is read; never cached. */
export function zipDownload(file: { fileName: string; byteSize: number; body: ReadableStream<Uint8Array> }): Response {
	return new Response(file.body, {
		headers: {
			'Content-Type': 'application/zip',
			'Content-Length': String(file.byteSize),
			'Content-Disposition': `attachment; filename="${file.fileName}"`,
			'Cache-Control': 'no-store',
		},
	})
}
