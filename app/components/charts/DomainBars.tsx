import { domainBars, type DomainScore } from '#app/lib/charts/specs.ts'
import { formatScore } from '#app/lib/format.ts'
import { ChartFigure } from './ChartFigure.tsx'

export type { DomainScore }

/** Domain scores on the 0–4 need scale, as bars with their table: both show the same rounded scores (formatScore). */
export function DomainBars({ domains, caption }: { domains: DomainScore[]; caption: string }) {
	return (
		<ChartFigure
			spec={domainBars(domains)}
			caption={caption}
			rows={domains}
			rowKey={(domain) => domain.name}
			columns={[
				{ header: 'Domain', rowHeader: true, cell: (domain) => domain.name },
				{ header: 'Score (0–4)', numeric: true, cell: (domain) => formatScore(domain.score) },
			]}
		/>
	)
}
