import { SEVERITY_COLOURS } from '#app/lib/charts/colors.ts'
import { SEVERITY_LEVELS as LEVELS, severityPie, type SeverityCounts } from '#app/lib/charts/specs.ts'
import { ChartFigure } from './ChartFigure.tsx'

export type { SeverityCounts }

/** How many questions fall in each severity band, as a pie with its table. */
export function SeverityPie({ counts, caption }: { counts: SeverityCounts; caption: string }) {
	const total = counts.high + counts.medium + counts.low
	const percent = (count: number) => (total === 0 ? '0%' : `${Math.round((count / total) * 100)}%`)
	return (
		<ChartFigure
			spec={severityPie(counts)}
			caption={caption}
			rows={LEVELS}
			rowKey={(level) => level.key}
			columns={[
				{
					header: 'Severity',
					rowHeader: true,
					cell: (level) => (
						<span className="inline-flex items-center gap-2">
							<Swatch colour={SEVERITY_COLOURS[level.key]} />
							{level.label}
						</span>
					),
				},
				{ header: 'Questions', numeric: true, cell: (level) => counts[level.key] },
				{ header: 'Share', numeric: true, cell: (level) => percent(counts[level.key]) },
			]}
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
