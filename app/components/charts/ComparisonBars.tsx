import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { comparisonBars, type ComparisonRow } from '#app/lib/charts/specs.ts'
import { formatScore, formatScoreChange } from '#app/lib/format.ts'
import { ApexChart } from './ApexChart.tsx'
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
	const spec = comparisonBars(rows, seriesNames)
	return (
		<ChartFigure
			// Drawn afresh for another pair: Apex's series update keeps the old names.
			chart={spec ? <ApexChart key={seriesNames.join('\u0000')} spec={spec} className="min-w-0 basis-full" /> : null}
			table={
				<Table caption={caption}>
					<TableHeader>
						<Row>
							<Column>Domain</Column>
							<Column numeric>{seriesNames[0]}</Column>
							<Column numeric>{seriesNames[1]}</Column>
							<Column numeric>Difference</Column>
						</Row>
					</TableHeader>
					<TableBody>
						{rows.map((row) => (
							<Row key={row.name}>
								<RowHeader>{row.name}</RowHeader>
								<Cell numeric>{formatScore(row.value)}</Cell>
								<Cell numeric>{formatScore(row.comparison)}</Cell>
								<Cell numeric>{formatScoreChange(row.value, row.comparison)}</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			}
		/>
	)
}
