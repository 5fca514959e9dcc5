import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { ApexChart } from './ApexChart.tsx'
import { ChartFigure } from './ChartFigure.tsx'
import { AXIS_TEXT, BAR_COLOUR, BAR_OUTLINE, COMPARISON_BAR_COLOUR } from './colors.ts'

export type ComparisonRow = { name: string; value: number; comparison: number }

const formatScore = (score: number) => score.toFixed(2)
const formatDifference = (difference: number) =>
	difference === 0 ? '0.00' : `${difference > 0 ? '+' : '−'}${Math.abs(difference).toFixed(2)}`

/**
 * Two series side by side per domain (two rounds, or two respondents): the
 * first in #6995BA, the comparison in #D2DFEA, with the difference in the table.
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
			chart={
				rows.length === 0 ? null : (
					<ApexChart
						type="bar"
						height={300}
						series={[
							{ name: seriesNames[0], data: rows.map((row) => row.value) },
							{ name: seriesNames[1], data: rows.map((row) => row.comparison) },
						]}
						options={() => ({
							colors: [BAR_COLOUR, COMPARISON_BAR_COLOUR],
							stroke: { show: true, width: 1, colors: [BAR_OUTLINE] },
							plotOptions: { bar: { horizontal: false, columnWidth: '60%', borderRadius: 2 } },
							dataLabels: { enabled: false },
							fill: { opacity: 1 },
							xaxis: { categories: rows.map((row) => row.name), labels: { style: { colors: AXIS_TEXT, fontSize: '13px' } } },
							yaxis: { min: 0, max: 4, tickAmount: 4, labels: { style: { colors: AXIS_TEXT, fontSize: '13px' } } },
							legend: { position: 'bottom', labels: { colors: AXIS_TEXT }, fontSize: '14px' },
							tooltip: { y: { formatter: (value: number) => formatScore(value) } },
							grid: { borderColor: '#CBD5E1' },
						})}
					/>
				)
			}
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
								<Cell numeric>{formatDifference(row.value - row.comparison)}</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			}
		/>
	)
}
