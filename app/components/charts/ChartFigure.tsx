import { type ReactNode } from 'react'

/**
 * A chart with its data table: the table is in the HTML from the server (the
 * view without JavaScript and for screen readers); the chart joins it after
 * hydration, beside it on wide screens and above it on narrow ones. The table
 * may shrink to the page's width (it scrolls sideways within itself at 320 px).
 */
export function ChartFigure({ chart, table }: { chart: ReactNode; table: ReactNode }) {
	return (
		<div className="flex flex-wrap items-start gap-6">
			{chart}
			<div className="min-w-0 flex-1 basis-64">{table}</div>
		</div>
	)
}
