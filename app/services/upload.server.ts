import { MAX_UPLOAD_BYTES } from '#app/lib/csv.ts'

/**
 * The most a request to an import screen may carry: the 5 MB file, or the
 * same file sent back base64-encoded from the dry run (4/3 larger), and the
 * form's own few fields.
 */
export const MAX_IMPORT_REQUEST_BYTES = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024

/**
 * The posted form, read only while the body stays under the limit: a larger
 * upload is refused from its Content-Length, or as soon as the bytes passed
 * the limit, never buffered whole.
 */
export async function readLimitedForm(request: Request, limit = MAX_IMPORT_REQUEST_BYTES): Promise<FormData | 'tooLarge'> {
	const declared = Number(request.headers.get('Content-Length') ?? '')
	if (Number.isFinite(declared) && declared > limit) return 'tooLarge'
	if (!request.body) return request.formData()
	const chunks: Uint8Array[] = []
	let size = 0
	const reader = request.body.getReader()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) {
			await reader.cancel()
			return 'tooLarge'
		}
		chunks.push(value)
	}
	return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks) }).formData()
}
