import { Badge, type BadgeVariant } from '#app/components/ui/Badge.tsx'
import { useHydrated } from '#app/components/ui/hydrated.ts'
import { Link } from '#app/components/ui/Link.tsx'
import { ProgressBar, usePollWhile } from '#app/components/ui/Progress.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import type { DataExportStatus } from '#app/models/enums.ts'

export const EXPORT_STATUS_BADGES: Record<DataExportStatus, { label: string; variant: BadgeVariant }> = {
	queued: { label: 'Queued', variant: 'neutral' },
	running: { label: 'Preparing', variant: 'info' },
	ready: { label: 'Ready to download', variant: 'success' },
	failed: { label: 'Failed', variant: 'danger' },
}

export type ExportStatusView = {
	status: DataExportStatus
	total: number
	done: number
	fileName: string
	byteSize: number
	createdAt: string
	finishedAt: string | null
	expiresAt: string | null
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`)

/**
 * An export's progress and, once ready, its download link and the date it is deleted. With JavaScript the page
 * re-reads its loader every second while the export is prepared; without, a refresh link does the same by hand.
 */
export function ExportStatus({ job, downloadHref, refreshHref, noun }: { job: ExportStatusView; downloadHref: string; refreshHref: string; noun: string }) {
	const running = job.status === 'queued' || job.status === 'running'
	const hydrated = useHydrated()
	usePollWhile(running)
	const badge = EXPORT_STATUS_BADGES[job.status]
	return (
		<div className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center gap-3">
				<p aria-live="polite" className="text-slate-900">
					Status: <Badge variant={badge.variant}>{badge.label}</Badge>
				</p>
				<p className="text-sm text-slate-700">
					Asked for {formatDateTime(job.createdAt)}
					{job.finishedAt ? `, finished ${formatDateTime(job.finishedAt)}` : ''}
				</p>
				{running && !hydrated ? <Link to={refreshHref}>Refresh</Link> : null}
			</div>
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
