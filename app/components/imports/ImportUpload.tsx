import { useEffect, useId, useRef } from 'react'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { useFocusWhenRefused } from '#app/components/ui/focus-when-refused.ts'
import { Link } from '#app/components/ui/Link.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { plural } from '#app/lib/plural.ts'
import { formatDateTime } from '#app/lib/format.ts'
import type { ImportStatus } from '#app/models/enums.ts'
import { IMPORT_STATUS_BADGES, ImportFigures } from './ImportStatus.tsx'
import { RowErrorsTable } from './RowErrorsTable.tsx'

type RowError = { row: number; column: string | null; message: string }
type Sample = { row: number; key: string; name: string }
export type DryRunView = {
	total: number
	create: number
	update: number
	unchanged: number
	refused: number
	errors: RowError[]
	samples: { create: Sample[]; update: Sample[] }
}

const SHOWN_ERRORS = 100

/** Step one: the template to download and the file to check. Works as a plain multipart post. */
export function ImportUploadForm({ templateHref, error, columns, dates = false }: { templateHref: string; error: string | null; columns: string; dates?: boolean }) {
	const id = useId()
	// A refused file gives the focus to the file field, beside its message (ADR 101): without JavaScript as the page
	// loads (autofocus), with it once the refusal is drawn.
	const autoFocus = useFocusWhenRefused(Boolean(error))
	const input = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (error) input.current?.focus()
	}, [error])
	return (
		<section aria-labelledby={`${id}-title`} className="max-w-3xl rounded-lg border border-slate-200 bg-white p-6">
			<h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
				Upload a CSV file
			</h2>
			<p className="mt-2 text-slate-700">
				Columns: {columns}. Headers may be in any order and case.{dates ? ' Dates as dd/mm/yyyy or yyyy-mm-dd.' : ''} At most 5 MB and 10,000 rows.{' '}
				<a href={templateHref} download className="text-brand underline underline-offset-2">
					Download the CSV template
				</a>
			</p>
			<Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-4">
				<div className="flex flex-col gap-1">
					<label htmlFor={`${id}-file`} className="w-fit text-sm font-medium text-slate-900">
						CSV file
					</label>
					<input
						ref={input}
						{...autoFocus}
						id={`${id}-file`}
						name="file"
						type="file"
						accept=".csv,text/csv"
						required
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? `${id}-error` : undefined}
						className="block w-full max-w-md rounded-md border border-slate-500 bg-white p-2 text-sm outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700"
					/>
					{error ? (
						<p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
							{error}
						</p>
					) : null}
				</div>
				<div>
					<SubmitButton intent="check">Check file</SubmitButton>
				</div>
			</Form>
		</section>
	)
}

/** Step two: what the file would do, nothing written yet, and the button that queues it. */
export function DryRunReport({ fileName, upload, dryRun, restartHref }: { fileName: string; upload: string; dryRun: DryRunView; restartHref: string }) {
	return (
		<section aria-labelledby="dry-run-title" className="flex flex-col gap-6">
			<div>
				<h2 id="dry-run-title" className="text-lg font-semibold text-slate-900" tabIndex={-1}>
					Check of {fileName}: nothing has been imported yet
				</h2>
				<p className="mt-1 text-slate-700">
					{dryRun.total
						? `${plural(dryRun.total, 'row')} read. Start the import to write them, or choose another file.`
						: 'The file has its header and no rows under it: there is nothing to import.'}
				</p>
			</div>
			<ImportFigures label="What the import would do" counts={dryRun} would />
			{dryRun.total ? (
				<Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-4">
					<input type="hidden" name="fileName" value={fileName} />
					<input type="hidden" name="upload" value={upload} />
					<SubmitButton intent="start">Start import</SubmitButton>
					<Link to={restartHref} reloadDocument>
						Choose another file
					</Link>
				</Form>
			) : (
				<p>
					<Link to={restartHref} reloadDocument>
						Choose another file
					</Link>
				</p>
			)}
			{dryRun.errors.length ? <RowErrorsTable caption="Rows that would be refused" errors={dryRun.errors.slice(0, SHOWN_ERRORS)} /> : null}
			{dryRun.errors.length > SHOWN_ERRORS ? (
				<p className="text-slate-700">The first {SHOWN_ERRORS} of {dryRun.errors.length} problems are shown; the job’s page lists them all.</p>
			) : null}
			<SampleTable caption="Some rows that would be created" rows={dryRun.samples.create} />
			<SampleTable caption="Some rows that would be updated" rows={dryRun.samples.update} />
		</section>
	)
}

function SampleTable({ caption, rows }: { caption: string; rows: Sample[] }) {
	if (rows.length === 0) return null
	return (
		<div className="rounded-lg border border-slate-200 bg-white p-4">
			<DataTable
				caption={caption}
				rows={rows}
				rowKey={(row) => row.row}
				columns={[
					{ header: 'Row', numeric: true, cell: (row) => row.row },
					{ header: 'Name', cell: (row) => row.name },
					{ header: 'Key', className: 'font-mono', cell: (row) => row.key },
				]}
			/>
		</div>
	)
}

/** The school's latest imports, each a link to its status page. */
export function RecentImports({ imports, hrefOf }: { imports: { id: string; fileName: string; status: ImportStatus; total: number; createdAt: string }[]; hrefOf: (id: string) => string }) {
	if (imports.length === 0) return null
	return (
		<div className="mt-8 max-w-3xl rounded-lg border border-slate-200 bg-white p-4">
			<DataTable
				caption="Recent imports"
				rows={imports}
				columns={[
					{ header: 'File', cell: (job) => <Link to={hrefOf(job.id)}>{job.fileName}</Link> },
					{ header: 'Started', cell: (job) => formatDateTime(job.createdAt) },
					{ header: 'Rows', numeric: true, cell: (job) => job.total },
					{ header: 'Status', cell: (job) => <Badge variant={IMPORT_STATUS_BADGES[job.status].variant}>{IMPORT_STATUS_BADGES[job.status].label}</Badge> },
				]}
			/>
		</div>
	)
}
