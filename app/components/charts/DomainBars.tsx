import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { domainBars, type DomainScore } from '#app/lib/charts/specs.ts'
import { formatScore } from '#app/lib/format.ts'
import { ApexChart } from './ApexChart.tsx'
import { ChartFigure } from './ChartFigure.tsx'

export type { DomainScore }

/** Domain scores on the 0–4 need scale, as bars with their table: both show the same rounded scores (formatScore). */
export function DomainBars({ domains, caption }: { domains: DomainScore[]; caption: string }) {
	const spec = domainBars(domains)
	return (
		<ChartFigure
			chart={spec ? <ApexChart spec={spec} /> : null}
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
