import { expect } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

/** Posts a CSV to an import screen as the upload form does (multipart, intent=check). */
export async function checkUpload(browser: Browser, path: string, content: string | Uint8Array, fileName = 'import.csv') {
	const form = new FormData()
	form.set('intent', 'check')
	form.set('file', new File([typeof content === 'string' ? content : new Uint8Array(content)], fileName, { type: 'text/csv' }))
	return browser.request(path, { method: 'POST', body: form, headers: { Origin: browser.app.url } })
}

/** The dry run page's start form, posted back as the browser would. */
export async function startFromDryRun(browser: Browser, path: string, dryRunHtml: string) {
	const upload = /name="upload" value="([^"]*)"/.exec(dryRunHtml)?.[1]
	const fileName = /name="fileName" value="([^"]*)"/.exec(dryRunHtml)?.[1]
	if (upload === undefined || fileName === undefined) throw new Error('no start form on the dry run page')
	const form = new FormData()
	form.set('intent', 'start')
	form.set('fileName', fileName)
	form.set('upload', upload)
	return browser.request(path, { method: 'POST', body: form, headers: { Origin: browser.app.url } })
}

/** Check, start, and wait for the job to end; returns the job's id. */
export async function importFile(browser: Browser, path: string, content: string, fileName = 'import.csv') {
	const checked = await checkUpload(browser, path, content, fileName)
	expect(checked.status).toBe(200)
	const started = await startFromDryRun(browser, path, await checked.text())
	expect(started.status).toBe(302)
	const id = started.headers.get('Location')!.split('/').at(-1)!
	await waitForJob(browser.app, id)
	return id
}

export type JobRow = { status: string; total: number; processed: number; created: number; updated: number; failed: number; row_errors: { row: number; column: string | null; message: string }[] }

export async function waitForJob(app: TestApp, id: string, timeoutMs = 30_000): Promise<JobRow> {
	const until = Date.now() + timeoutMs
	for (;;) {
		const [job] = await app.sql<JobRow>('select status, total, processed, created, updated, failed, row_errors from import_job where id = ?', [id])
		if (job && !['queued', 'processing'].includes(job.status)) return job
		if (Date.now() > until) throw new Error(`import ${id} did not finish: ${JSON.stringify(job)}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

/** The app (sign-ins unthrottled) with Oakfield's office signed in, and Riverside's, whose imports must stay its own. */
export async function startWithOffices() {
	const app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	const office = new Browser(app)
	await office.signIn('office@oakfield.test')
	const riverside = new Browser(app)
	await riverside.signIn('office@riverside.test')
	return { app, office, riverside }
}
