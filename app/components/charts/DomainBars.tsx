import { DataTable } from '#app/components/ui/DataTable.tsx'
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
				<DataTable
					caption={caption}
					rows={domains}
					rowKey={(domain) => domain.name}
					columns={[
						{ header: 'Domain', rowHeader: true, cell: (domain) => domain.name },
						{ header: 'Score (0–4)', numeric: true, cell: (domain) => formatScore(domain.score) },
					]}
				/>
			}
		/>
	)
}
