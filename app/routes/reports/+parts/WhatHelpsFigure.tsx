import { ChartFigure } from '#app/components/charts/ChartFigure.tsx'
import { outcomeBars } from '#app/lib/charts/outcome-bars.ts'
import { WHAT_HELPS_COLUMNS, whatHelpsCells, type WhatHelpsRow } from '#app/lib/what-helps.ts'

/**
 * The shares of latest recorded outcomes as bars across the full width, over the table of every row (the view without
 * JavaScript and for screen readers). The table's cells are the CSV's (whatHelpsCells), so both say the same.
 */
export function WhatHelpsFigure({ rows }: { rows: WhatHelpsRow[] }) {
	const shown = rows.flatMap((row) => (row.suppressed ? [] : [{ name: row.title, outcomes: row.outcomes }]))
	const cells = new Map(rows.map((row) => [row.recommendationId, whatHelpsCells(row)]))
	return (
		<ChartFigure
			spec={outcomeBars(shown)}
			chartClassName="min-w-0 basis-full"
			caption="Students who had each recommendation, by the latest outcome recorded at their review"
			rows={rows}
			rowKey={(row) => row.recommendationId}
			columns={WHAT_HELPS_COLUMNS.map((header, index) => ({
				header,
				rowHeader: index === 0,
				numeric: index >= 2 && index <= 8,
				cell: (row: WhatHelpsRow) => cells.get(row.recommendationId)![index],
			}))}
		/>
	)
}
