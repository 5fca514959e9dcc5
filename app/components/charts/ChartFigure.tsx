import { DataTable, type DataColumn } from '#app/components/ui/DataTable.tsx'
import type { ChartSpec } from '#app/lib/charts/specs.ts'
import { ApexChart } from './ApexChart.tsx'

/**
 * A chart with its data table: the table is in the HTML from the server (the
 * view without JavaScript and for screen readers); the chart joins it after
 * hydration, beside it on wide screens and above it on narrow ones. The table
 * may shrink to the page's width (it scrolls sideways within itself at 320 px).
 * No chart when there is nothing to draw (`spec` null).
 */
export function ChartFigure<T>({
	spec,
	chartKey,
	chartClassName,
	caption,
	rows,
	rowKey,
	columns,
}: {
	spec: ChartSpec | null
	/** Draws the chart afresh when it changes. */
	chartKey?: string
	chartClassName?: string
	caption: string
	rows: readonly T[]
	rowKey: (row: T) => string
	columns: DataColumn<T>[]
}) {
	return (
		<div className="flex flex-wrap items-start gap-6">
			{spec ? <ApexChart key={chartKey} spec={spec} className={chartClassName} /> : null}
			<div className="min-w-0 flex-1 basis-64">
				<DataTable caption={caption} rows={rows} rowKey={rowKey} columns={columns} />
			</div>
		</div>
	)
}
