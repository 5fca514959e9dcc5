import type { BadgeVariant } from '#app/components/ui/Badge.tsx'
import { JobStatusLine, ProgressBar } from '#app/components/ui/Progress.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import type { DataExportStatus } from '#app/models/enums.ts'
import type { ExportView } from '#app/services/exports.server.ts'

export const EXPORT_STATUS_BADGES: Record<DataExportStatus, { label: string; variant: BadgeVariant }> = {
	queued: { label: 'Queued', variant: 'neutral' },
	running: { label: 'Preparing', variant: 'info' },
	ready: { label: 'Ready to download', variant: 'success' },
	failed: { label: 'Failed', variant: 'danger' },
}


const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`)

/**
 * An export's progress and, once ready, its download link and the date it is deleted. With JavaScript the page
 * re-reads its loader every second while the export is prepared; without, a refresh link does the same by hand.
 */
export function ExportStatus({ job, downloadHref, refreshHref, noun }: { job: ExportView; downloadHref: string; refreshHref: string; noun: string }) {
	const running = job.status === 'queued' || job.status === 'running'
	return (
		<div className="flex flex-col gap-4">
			<JobStatusLine
				badge={EXPORT_STATUS_BADGES[job.status]}
				running={running}
				started={`Asked for ${formatDateTime(job.createdAt)}`}
				finishedAt={job.finishedAt}
				refreshHref={refreshHref}
			/>
			{job.status === 'ready' || job.status === 'failed' ? null : (
				<ProgressBar id="export-progress-label" label="Progress" value={job.done} max={job.total} text={`${job.done} of ${job.total} ${noun}`} />
			)}
			{job.status === 'ready' ? (
				<p>
					<a href={downloadHref} download className="font-medium text-brand underline underline-offset-2">
						Download {job.fileName}
					</a>{' '}
					({size(job.byteSize)}). It is deleted on {formatDateTime(job.expiresAt)}; download it before then.
				</p>
			) : null}
			{job.status === 'failed' ? <p role="alert">The export could not be prepared. Ask for a new one; if it fails again, contact Spencer support.</p> : null}
		</div>
	)
}
