import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { formatDateTime } from '#app/lib/format.ts'
import { Badge, type BadgeVariant } from './Badge.tsx'
import { useHydrated } from './hydrated.ts'
import { Link } from './Link.tsx'

const POLL_MS = 1000

/** While `running`, the page re-reads its loaders every second (a job's progress); without JavaScript a refresh link does it. */
export function usePollWhile(running: boolean) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!running) return
		const timer = setInterval(() => {
			if (revalidator.state === 'idle') void revalidator.revalidate()
		}, POLL_MS)
		return () => clearInterval(timer)
	}, [running, revalidator])
}

/** A labelled progress bar: `value` of `max` done, said as `text`; an empty job (`max` 0) is done once `finished`. */
export function ProgressBar({ id, label, value, max, text, finished = false }: { id: string; label: string; value: number; max: number; text: string; finished?: boolean }) {
	const percent = max === 0 ? (finished ? 100 : 0) : Math.round((value / max) * 100)
	return (
		<div className="max-w-3xl">
			<div className="mb-1 flex justify-between text-sm text-slate-900">
				<span id={id}>{label}</span>
				<span>
					{text} ({percent}%)
				</span>
			</div>
			<div
				role="progressbar"
				aria-labelledby={id}
				aria-valuemin={0}
				aria-valuemax={max}
				aria-valuenow={value}
				aria-valuetext={text}
				className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
			>
				<div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
			</div>
		</div>
	)
}

/**
 * A background job's status line (an import, an export): its badge, announced as it changes, when it started and
 * finished, and while it runs without JavaScript a Refresh link (with JavaScript the page follows it: usePollWhile).
 */
export function JobStatusLine({
	badge,
	running,
	started,
	finishedAt,
	refreshHref,
}: {
	badge: { label: string; variant: BadgeVariant }
	running: boolean
	started: string
	finishedAt: string | null
	refreshHref: string
}) {
	const hydrated = useHydrated()
	usePollWhile(running)
	return (
		<div className="flex flex-wrap items-center gap-3">
			<p aria-live="polite" className="text-slate-900">
				Status: <Badge variant={badge.variant}>{badge.label}</Badge>
			</p>
			<p className="text-sm text-slate-700">
				{started}
				{finishedAt ? `, finished ${formatDateTime(finishedAt)}` : ''}
			</p>
			{running && !hydrated ? <Link to={refreshHref}>Refresh</Link> : null}
		</div>
	)
}
