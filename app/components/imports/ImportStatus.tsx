import { Pagination } from '#app/components/lists/Pagination.tsx'
import { Figures } from '#app/components/shell/Overview.tsx'
import type { BadgeVariant } from '#app/components/ui/Badge.tsx'
import { JobStatusLine, ProgressBar } from '#app/components/ui/Progress.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import type { ImportStatus } from '#app/models/enums.ts'
import type { ImportJobView } from '#app/services/imports.server.ts'
import { RowErrorsTable } from './RowErrorsTable.tsx'

export const IMPORT_STATUS_BADGES: Record<ImportStatus, { label: string; variant: BadgeVariant }> = {
	queued: { label: 'Queued', variant: 'neutral' },
	processing: { label: 'Importing', variant: 'info' },
	completed: { label: 'Completed', variant: 'success' },
	completed_with_errors: { label: 'Completed with errors', variant: 'warning' },
	failed: { label: 'Failed', variant: 'danger' },
}

/** An import's four counts: what it created, updated, left unchanged and refused (or, before it runs, would). */
export function ImportFigures({
	label,
	counts,
	would = false,
}: {
	label: string
	counts: { create: number; update: number; unchanged: number; refused: number }
	would?: boolean
}) {
	const items = [
		{ label: would ? 'Would be created' : 'Created', value: counts.create },
		{ label: would ? 'Would be updated' : 'Updated', value: counts.update },
		{ label: 'Unchanged', value: counts.unchanged },
		{ label: would ? 'Would be refused' : 'Refused', value: counts.refused },
	]
	return <Figures label={label} items={items} />
}

/**
 * A job's progress: with JavaScript the page re-reads its loader every second
 * while the job runs; without, a refresh link does the same by hand.
 */
export function ImportJobStatus({ job, page, pageSize, errorsHref, refreshHref }: { job: ImportJobView; page: number; pageSize: number; errorsHref: string; refreshHref: string }) {
	const running = job.status === 'queued' || job.status === 'processing'
	const unchanged = Math.max(0, job.processed - job.created - job.updated - job.failed)
	return (
		<div className="flex flex-col gap-6">
			<JobStatusLine
				badge={IMPORT_STATUS_BADGES[job.status]}
				running={running}
				started={`Started ${formatDateTime(job.createdAt)}`}
				finishedAt={job.finishedAt}
				refreshHref={refreshHref}
			/>
			<ProgressBar
				id="import-progress-label"
				label="Progress"
				value={job.processed}
				max={job.total}
				finished={!running}
				text={`${job.processed} of ${job.total} rows`}
			/>
			<ImportFigures label="Import counts" counts={{ create: job.created, update: job.updated, unchanged, refused: job.failed }} />
			{job.errorCount > 0 ? (
				<div>
					<div className="mb-2 flex flex-wrap items-center justify-between gap-3">
						<h2 className="text-lg font-semibold text-slate-900">Refused rows</h2>
						<a href={errorsHref} download className="text-brand underline underline-offset-2">
							Download the refused rows and their problems as CSV
						</a>
					</div>
					<RowErrorsTable caption={`Problems found in ${job.fileName}`} errors={job.errors} />
					<Pagination page={page} pageSize={pageSize} total={job.errorCount} noun="problems" />
				</div>
			) : null}
		</div>
	)
}
