import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatScore, roundScore } from '#app/lib/format.ts'
import { ApexChart } from './ApexChart.tsx'
import { ChartFigure } from './ChartFigure.tsx'
import { AXIS_TEXT, BAR_COLOUR } from './colors.ts'
import { canvasMeasure, joinLabel, scoreLabel, sideLayout } from './labels.ts'

export type DomainScore = { name: string; score: number }

const LABEL_FONT_SIZE = '13px'

/** Domain scores on the 0–4 need scale, as bars with their table: both show the same rounded scores (formatScore). */
export function DomainBars({ domains, caption }: { domains: DomainScore[]; caption: string }) {
	return (
		<ChartFigure
			chart={
				domains.length === 0 ? null : (
					<ApexChart
						type="bar"
						height={Math.max(220, domains.length * 56)}
						series={[{ name: 'Score', data: domains.map((domain) => roundScore(domain.score)) }]}
						options={({ width }) => {
							// The names wrap beside the bars rather than being cut short; too narrow for that, the table stands alone.
							const layout = sideLayout(
								width,
								domains.map((domain) => domain.name),
								canvasMeasure(LABEL_FONT_SIZE),
							)
							if (!layout) return null
							return {
								colors: [BAR_COLOUR],
								plotOptions: { bar: { horizontal: true, barHeight: '60%', borderRadius: 2 } },
								dataLabels: { enabled: false, formatter: scoreLabel },
								fill: { opacity: 1 },
								xaxis: {
									categories: layout.labels,
									min: 0,
									max: 4,
									tickAmount: 4,
									labels: { style: { colors: AXIS_TEXT, fontSize: LABEL_FONT_SIZE }, formatter: scoreLabel },
								},
								yaxis: { labels: { style: { colors: AXIS_TEXT, fontSize: LABEL_FONT_SIZE }, maxWidth: layout.labelWidth } },
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
							<Column numeric>Score (0–4)</Column>
						</Row>
					</TableHeader>
					<TableBody>
						{domains.map((domain) => (
							<Row key={domain.name}>
								<RowHeader>{domain.name}</RowHeader>
								<Cell numeric>{formatScore(domain.score)}</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			}
		/>
	)
}
