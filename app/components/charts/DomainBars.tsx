import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { ApexChart } from './ApexChart.tsx'
import { ChartFigure } from './ChartFigure.tsx'
import { AXIS_TEXT, BAR_COLOUR } from './colors.ts'

export type DomainScore = { name: string; score: number }

const formatScore = (score: number) => score.toFixed(2)

/** Domain scores on the 0–4 need scale, as bars with their table. */
export function DomainBars({ domains, caption }: { domains: DomainScore[]; caption: string }) {
	return (
		<ChartFigure
			chart={
				domains.length === 0 ? null : (
					<ApexChart
						type="bar"
						height={Math.max(220, domains.length * 56)}
						series={[{ name: 'Score', data: domains.map((domain) => domain.score) }]}
						options={() => ({
							colors: [BAR_COLOUR],
							plotOptions: { bar: { horizontal: true, barHeight: '60%', borderRadius: 2 } },
							dataLabels: { enabled: false },
							fill: { opacity: 1 },
							xaxis: {
								categories: domains.map((domain) => domain.name),
								min: 0,
								max: 4,
								tickAmount: 4,
								labels: { style: { colors: AXIS_TEXT, fontSize: '13px' } },
							},
							yaxis: { labels: { style: { colors: AXIS_TEXT, fontSize: '13px' }, maxWidth: 200 } },
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
