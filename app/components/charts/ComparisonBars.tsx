import { comparisonBars, type ComparisonRow } from '#app/lib/charts/specs.ts'
import { formatScore, formatScoreChange } from '#app/lib/format.ts'
import { ChartFigure } from './ChartFigure.tsx'

export type { ComparisonRow }

/**
 * Two series side by side per domain (two rounds, or two respondents), with
 * the difference in the table. The chart takes the full width above its
 * table, so the domain names have room to wrap under their columns
 * (comparisonBars). Chart and table show the same rounded scores (formatScore).
 */
export function ComparisonBars({
	rows,
	seriesNames,
	caption,
}: {
	rows: ComparisonRow[]
	seriesNames: readonly [string, string]
	caption: string
}) {
	return (
		<ChartFigure
			spec={comparisonBars(rows, seriesNames)}
			// Drawn afresh for another pair: Apex's series update keeps the old names.
			chartKey={seriesNames.join('\u0000')}
			chartClassName="min-w-0 basis-full"
			caption={caption}
			rows={rows}
			rowKey={(row) => row.name}
			columns={[
				{ header: 'Domain', rowHeader: true, cell: (row) => row.name },
				{ header: seriesNames[0], numeric: true, cell: (row) => formatScore(row.value) },
				{ header: seriesNames[1], numeric: true, cell: (row) => formatScore(row.comparison) },
				{ header: 'Difference', numeric: true, cell: (row) => formatScoreChange(row.value, row.comparison) },
			]}
		/>
	)
}
