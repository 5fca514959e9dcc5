import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { SEVERITY_COLOURS } from '#app/lib/charts/colors.ts'
import { SEVERITY_LEVELS as LEVELS, severityPie, type SeverityCounts } from '#app/lib/charts/specs.ts'
import { ApexChart } from './ApexChart.tsx'
import { ChartFigure } from './ChartFigure.tsx'

export type { SeverityCounts }

/** How many questions fall in each severity band, as a pie with its table. */
export function SeverityPie({ counts, caption }: { counts: SeverityCounts; caption: string }) {
	const total = counts.high + counts.medium + counts.low
	const percent = (count: number) => (total === 0 ? '0%' : `${Math.round((count / total) * 100)}%`)
	const spec = severityPie(counts)
	return (
		<ChartFigure
			chart={spec ? <ApexChart spec={spec} /> : null}
			table={
				<Table caption={caption}>
					<TableHeader>
						<Row>
							<Column>Severity</Column>
							<Column numeric>Questions</Column>
							<Column numeric>Share</Column>
						</Row>
					</TableHeader>
					<TableBody>
						{LEVELS.map((level) => (
							<Row key={level.key}>
								<RowHeader>
									<span className="inline-flex items-center gap-2">
										<Swatch colour={SEVERITY_COLOURS[level.key]} />
										{level.label}
									</span>
								</RowHeader>
								<Cell numeric>{counts[level.key]}</Cell>
								<Cell numeric>{percent(counts[level.key])}</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			}
		/>
	)
}

export function Swatch({ colour }: { colour: string }) {
	return (
		<svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 shrink-0">
			<rect width="12" height="12" rx="2" fill={colour} />
		</svg>
	)
}
