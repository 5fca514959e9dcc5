import { data } from 'react-router'
import { MAX_UPLOAD_BYTES } from '#app/lib/csv.ts'
import type { ImportKind } from '#app/models/enums.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { dryRunImport, refusal, startImport, type DryRun } from '#app/services/imports.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { readLimitedForm } from '#app/services/upload.server.ts'

export type ImportActionData =
	| { stage: 'upload'; error: string }
	| { stage: 'dryRun'; fileName: string; upload: string; dryRun: DryRun }

/**
 * The import screen's two posts, for students and staff alike: `check` reads
 * the chosen file and answers with the dry run (nothing written); `start`
 * takes the same bytes back from the dry run page and queues the job.
 */
export async function importAction(app: SignedIn, request: Request, kind: ImportKind, statusPath: (id: string) => string) {
	const refuse = (error: string, status: number) => data<ImportActionData>({ stage: 'upload', error }, { status })
	const form = await readLimitedForm(request)
	if (form === 'tooLarge') return refuse(refusal('tooLarge').message, 413)
	const intent = form.get('intent')

	if (intent === 'check') {
		const file = form.get('file')
		if (!(file instanceof File) || file.size === 0) return refuse('Choose a CSV file to import', 400)
		if (file.size > MAX_UPLOAD_BYTES) return refuse(refusal('tooLarge').message, 413)
		const bytes = new Uint8Array(await file.arrayBuffer())
		const result = await dryRunImport(app, kind, bytes)
		if (!result.ok) return refuse(result.refusal.message, result.refusal.status)
		return data<ImportActionData>({ stage: 'dryRun', fileName: file.name, upload: Buffer.from(bytes).toString('base64'), dryRun: result.dryRun })
	}

	if (intent === 'start') {
		const upload = form.get('upload')
		const fileName = form.get('fileName')
		if (typeof upload !== 'string' || typeof fileName !== 'string' || upload === '') return refuse('Choose a CSV file to import', 400)
		const started = await startImport(app, kind, fileName, new Uint8Array(Buffer.from(upload, 'base64')))
		if (!started.ok) return refuse(started.refusal.message, started.refusal.status)
		return redirectWithToast(app.em, statusPath(started.id), { type: 'success', title: 'Import started', description: 'The rows are being imported.' })
	}
	return refuse('Choose a CSV file to import', 400)
}
