import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatScore, formatScoreChange, roundScore } from '#app/lib/format.ts'
import { ApexChart } from './ApexChart.tsx'
import { ChartFigure } from './ChartFigure.tsx'
import { AXIS_TEXT, BAR_COLOUR, BAR_OUTLINE, COMPARISON_BAR_COLOUR } from './colors.ts'
import { canvasMeasure, categoryLayout, joinLabel, MAX_LINES, scoreLabel } from './labels.ts'

export type ComparisonRow = { name: string; value: number; comparison: number }

const LABEL_FONT_SIZE = '13px'
const LINE_HEIGHT = 18
/**
 * The columns' height, whatever the names' wrapping: room for names of MAX_LINES lines under them. The
 * server reserves this height before the browser can measure the names, so the chart must not differ
 * from it when drawn (ADR 036); names of fewer lines leave the plot a little taller.
 */
const COLUMNS_HEIGHT = 300 + (MAX_LINES - 1) * LINE_HEIGHT

/**
 * Two series side by side per domain (two rounds, or two respondents): the
 * first in #6995BA, the comparison in #D2DFEA, with the difference in the
 * table. The chart takes the full width above its table, so the domain names
 * have room to wrap under their columns; where they do not fit even so (a
 * phone), the bars turn horizontal, and where those would be too cramped to
 * read the table stands alone. Chart and table show the same rounded scores
 * (formatScore).
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
						// Drawn afresh for another pair: Apex's series update keeps the old names in the legend.
						key={seriesNames.join('\u0000')}
						type="bar"
						height={COLUMNS_HEIGHT}
						className="min-w-0 basis-full"
						series={[
							{ name: seriesNames[0], data: rows.map((row) => roundScore(row.value)) },
							{ name: seriesNames[1], data: rows.map((row) => roundScore(row.comparison)) },
						]}
						options={({ width }) => {
							const layout = categoryLayout(
								width,
								rows.map((row) => row.name),
								canvasMeasure(LABEL_FONT_SIZE),
							)
							if (!layout) return null
							const axisLabels = { style: { colors: AXIS_TEXT, fontSize: LABEL_FONT_SIZE }, formatter: scoreLabel }
							const categoryLabels = { style: { colors: AXIS_TEXT, fontSize: LABEL_FONT_SIZE } }
							const lines = Math.max(...layout.labels.map((label) => label.length))
							return {
								// Horizontal bars (narrow screens only) grow with their rows and the names' lines: the page moves once there.
								chart: {
									height: layout.horizontal ? Math.max(240, rows.length * Math.max(64, lines * LINE_HEIGHT + 16) + 80) : COLUMNS_HEIGHT,
								},
								colors: [BAR_COLOUR, COMPARISON_BAR_COLOUR],
								stroke: { show: true, width: 1, colors: [BAR_OUTLINE] },
								plotOptions: {
									bar: layout.horizontal
										? { horizontal: true, barHeight: '70%', borderRadius: 2 }
										: { horizontal: false, columnWidth: '60%', borderRadius: 2 },
								},
								dataLabels: { enabled: false, formatter: scoreLabel },
								fill: { opacity: 1 },
								// With horizontal bars Apex puts the categories on the y axis and the scores on the x axis.
								xaxis: {
									categories: layout.labels,
									...(layout.horizontal ? { min: 0, max: 4, tickAmount: 4 } : {}),
									labels: layout.horizontal ? axisLabels : { ...categoryLabels, rotate: 0, hideOverlappingLabels: false, trim: false },
								},
								yaxis: layout.horizontal
									? { labels: { ...categoryLabels, maxWidth: layout.labelWidth } }
									: { min: 0, max: 4, tickAmount: 4, labels: axisLabels },
								legend: { position: 'bottom', labels: { colors: AXIS_TEXT }, fontSize: '14px' },
								tooltip: { x: { formatter: joinLabel }, y: { formatter: scoreLabel } },
								grid: { borderColor: '#CBD5E1' },
							}
						}}
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
								<Cell numeric>{formatScoreChange(row.value, row.comparison)}</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			}
		/>
	)
}
