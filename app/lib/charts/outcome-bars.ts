import { REVIEW_OUTCOMES } from '#app/models/enums.ts'
import { BAR_OUTLINE, SEVERITY_COLOURS } from './colors.ts'
import { joinLabel } from './label-layout.ts'
import { CATEGORY_LABELS, type ChartSpec, GRID, sideBars } from './specs.ts'
import { plural } from '#app/lib/plural.ts'

/**
 * The latest recorded outcomes of the students who had each recommendation (what helps, ADR 074), as bars across
 * stacked to 100 %: the share of each outcome, much worse to much better, left to right. Shares rather than counts, so
 * that a strategy 40 students had and one 6 had read on one scale; the counts are in the table beside it.
 */

export type OutcomeRow = { name: string; outcomes: number[] }

/** Worse in the medium band's orange, better in the low band's teal, no change in the comparison bar's pale blue. */
export const OUTCOME_COLOURS = [SEVERITY_COLOURS.medium, '#F3B98B', '#D2DFEA', '#8ED1CD', SEVERITY_COLOURS.low] as const

/** Apex's formatters are module-level, so the options compare equal from one render to the next (specs.ts). */
const percentLabel = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && value !== '') ? `${Math.round(Number(value))}%` : '')
const studentsLabel = (value: unknown) => plural(Number(value), 'student')

/** One bar per row with a recorded outcome (the others have nothing to draw); nothing without any. */
export function outcomeBars(rows: OutcomeRow[]): ChartSpec | null {
	const drawn = rows.filter((row) => row.outcomes.some((count) => count > 0))
	if (drawn.length === 0) return null
	return sideBars(
		drawn.map((row) => row.name),
		{
			// Across the page, over the table: the table has eleven columns, too many to share the width with a chart.
			place: 'wide',
			series: REVIEW_OUTCOMES.map((outcome, index) => ({ name: outcome.label, data: drawn.map((row) => row.outcomes[index] ?? 0) })),
			legend: REVIEW_OUTCOMES.map((outcome, index) => ({ label: outcome.label, colour: OUTCOME_COLOURS[index]!, outline: BAR_OUTLINE })),
		},
		(layout) => ({
			chart: { stacked: true, stackType: '100%' },
			colors: [...OUTCOME_COLOURS],
			stroke: { show: true, width: 1, colors: [BAR_OUTLINE] },
			plotOptions: { bar: { horizontal: true, barHeight: '60%' } },
			dataLabels: { enabled: false },
			fill: { opacity: 1 },
			xaxis: { categories: layout.labels, min: 0, max: 100, tickAmount: 4, labels: { ...CATEGORY_LABELS, formatter: percentLabel } },
			yaxis: { labels: { ...CATEGORY_LABELS, maxWidth: layout.labelWidth } },
			tooltip: { x: { formatter: joinLabel }, y: { formatter: studentsLabel } },
			grid: GRID,
		}),
	)
}
