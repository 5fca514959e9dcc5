import type { ApexOptions } from 'apexcharts'
import { roundScore } from '#app/lib/format.ts'
import { AXIS_TEXT, BAR_COLOUR, BAR_OUTLINE, COMPARISON_BAR_COLOUR, SEVERITY_COLOURS } from './colors.ts'
import { categoryLayout, type CategoryLayout, joinLabel, MAX_LINES, type Measure, scoreLabel, sideLayout } from './label-layout.ts'

/**
 * The charts of the student views, as data: what each draws at a given width.
 * Pure, so that the server draws the same chart as a picture for the first
 * paint and the browser draws it again, live, once apexcharts has loaded
 * (ADR 040). The components in app/components/charts render them.
 */

export type ChartType = 'pie' | 'bar'

/** Where a chart sits: beside its table, or across the full width above it. */
export type ChartPlace = 'side' | 'wide'

/**
 * The width the server draws each place at: the chart box's width on the laptop most staff have,
 * 1366 × 768 with the sidebar open. The picture scales to the box it lands in.
 */
export const DRAWN_WIDTH: Record<ChartPlace, number> = { side: 524, wide: 1008 }

/** Room the chart has, and how its text measures (a canvas in the browser, an estimate on the server). */
export type ChartBox = { width: number; measure: (fontSize: string) => Measure }

/** A legend entry: drawn as HTML under the chart (on the server as in the browser), not by apexcharts. */
export type LegendItem = { label: string; colour: string; outline?: string }

export type ChartSpec = {
	type: ChartType
	place: ChartPlace
	series: ApexOptions['series']
	/** Pixels reserved for the chart before it is drawn; options that set `chart.height` draw taller (narrow screens only). */
	height: number
	legend?: LegendItem[]
	/**
	 * The chart's options for the box, or null when it is too narrow for a readable chart (the table
	 * beside it stands alone). Formatters are module-level functions, so that the same options compare
	 * equal from one render to the next and the chart is not redrawn.
	 */
	options: (box: ChartBox) => ApexOptions | null
}

export const LABEL_FONT_SIZE = '13px'
const LINE_HEIGHT = 18
const AXIS_LABELS = { style: { colors: AXIS_TEXT, fontSize: LABEL_FONT_SIZE }, formatter: scoreLabel }
export const CATEGORY_LABELS = { style: { colors: AXIS_TEXT, fontSize: LABEL_FONT_SIZE } }
export const GRID = { borderColor: '#CBD5E1' }
const SCORE_TOOLTIP = { x: { formatter: joinLabel }, y: { formatter: scoreLabel } }

/**
 * What every chart shares: no toolbar and no zoom; no animation (a chart that grows into place is
 * drawn again on every frame, some 200 ms of work on the slow profile, and reduced motion needs none
 * anyway; ADR 036); nothing below the chart beyond its height (apexcharts otherwise makes its box
 * `parentHeightOffset`, 15 px, taller than the height reserved for it); no legend of apexcharts' own
 * (the HTML one under the chart shows without it); and the chart's own a11y off (the table is that view).
 */
function baseOptions(options: ApexOptions, chart: ApexOptions['chart'] = {}): ApexOptions {
	return {
		...options,
		legend: { show: false },
		chart: {
			fontFamily: 'inherit',
			toolbar: { show: false },
			zoom: { enabled: false },
			...options.chart,
			...chart,
			parentHeightOffset: 0,
			animations: { enabled: false },
			accessibility: { enabled: false },
		} as ApexOptions['chart'],
	}
}

export type SeverityCounts = { high: number; medium: number; low: number }

export const SEVERITY_LEVELS = [
	{ key: 'high', label: 'High' },
	{ key: 'medium', label: 'Medium' },
	{ key: 'low', label: 'Low' },
] as const

/** How many questions fall in each severity band: a pie, or nothing when no question was answered. */
export function severityPie(counts: SeverityCounts): ChartSpec | null {
	if (counts.high + counts.medium + counts.low === 0) return null
	return {
		type: 'pie',
		place: 'side',
		height: 252,
		series: SEVERITY_LEVELS.map((level) => counts[level.key]),
		legend: SEVERITY_LEVELS.map((level) => ({ label: level.label, colour: SEVERITY_COLOURS[level.key] })),
		options: () => ({
			labels: SEVERITY_LEVELS.map((level) => level.label),
			colors: SEVERITY_LEVELS.map((level) => SEVERITY_COLOURS[level.key]),
			dataLabels: { enabled: false },
			stroke: { colors: ['#ffffff'], width: 2 },
		}),
	}
}

/**
 * Horizontal bars, one per name, the names wrapped beside them rather than cut short: the height and the layout every
 * such chart shares. Too narrow for the names, no chart (null options): the table stands alone.
 */
export function sideBars(
	names: readonly string[],
	chart: Pick<ChartSpec, 'place' | 'series' | 'legend'>,
	options: (layout: CategoryLayout) => ApexOptions,
): ChartSpec {
	return {
		type: 'bar',
		...chart,
		height: Math.max(220, names.length * 56),
		options: ({ width, measure }) => {
			const layout = sideLayout(width, names, measure(LABEL_FONT_SIZE))
			return layout && options(layout)
		},
	}
}

export type DomainScore = { name: string; score: number }

/** Domain scores on the 0–4 need scale as horizontal bars, the names wrapped beside them; nothing without domains. */
export function domainBars(domains: DomainScore[]): ChartSpec | null {
	if (domains.length === 0) return null
	return sideBars(
		domains.map((domain) => domain.name),
		{ place: 'side', series: [{ name: 'Score', data: domains.map((domain) => roundScore(domain.score)) }] },
		(layout) => ({
			colors: [BAR_COLOUR],
			plotOptions: { bar: { horizontal: true, barHeight: '60%', borderRadius: 2 } },
			dataLabels: { enabled: false, formatter: scoreLabel },
			fill: { opacity: 1 },
			xaxis: { categories: layout.labels, min: 0, max: 4, tickAmount: 4, labels: AXIS_LABELS },
			yaxis: { labels: { ...CATEGORY_LABELS, maxWidth: layout.labelWidth } },
			tooltip: SCORE_TOOLTIP,
			grid: GRID,
		}),
	)
}

export type ComparisonRow = { name: string; value: number; comparison: number }

/**
 * The columns' height, whatever the names' wrapping: room for names of MAX_LINES lines under them. The
 * server reserves this height before the browser can measure the names, so the chart must not differ
 * from it when drawn (ADR 036); names of fewer lines leave the plot a little taller.
 */
const COLUMNS_HEIGHT = 270 + (MAX_LINES - 1) * LINE_HEIGHT

/**
 * Two series side by side per domain (two rounds, or two respondents): the first in #6995BA, the
 * comparison in #D2DFEA. Columns across the full width, the names wrapped under them; where they do
 * not fit even so (a phone), horizontal bars; where those would be too cramped, nothing.
 */
export function comparisonBars(rows: ComparisonRow[], seriesNames: readonly [string, string]): ChartSpec | null {
	if (rows.length === 0) return null
	return {
		type: 'bar',
		place: 'wide',
		height: COLUMNS_HEIGHT,
		series: [
			{ name: seriesNames[0], data: rows.map((row) => roundScore(row.value)) },
			{ name: seriesNames[1], data: rows.map((row) => roundScore(row.comparison)) },
		],
		legend: [
			{ label: seriesNames[0], colour: BAR_COLOUR, outline: BAR_OUTLINE },
			{ label: seriesNames[1], colour: COMPARISON_BAR_COLOUR, outline: BAR_OUTLINE },
		],
		options: ({ width, measure }) => {
			const layout = categoryLayout(
				width,
				rows.map((row) => row.name),
				measure(LABEL_FONT_SIZE),
			)
			if (!layout) return null
			const lines = Math.max(...layout.labels.map((label) => label.length))
			return {
				// Horizontal bars (narrow screens only) grow with their rows and the names' lines: the page moves once there.
				chart: {
					height: layout.horizontal ? Math.max(210, rows.length * Math.max(64, lines * LINE_HEIGHT + 16) + 50) : COLUMNS_HEIGHT,
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
					labels: layout.horizontal ? AXIS_LABELS : { ...CATEGORY_LABELS, rotate: 0, hideOverlappingLabels: false, trim: false },
				},
				yaxis: layout.horizontal
					? { labels: { ...CATEGORY_LABELS, maxWidth: layout.labelWidth } }
					: { min: 0, max: 4, tickAmount: 4, labels: AXIS_LABELS },
				tooltip: SCORE_TOOLTIP,
				grid: GRID,
			}
		},
	}
}

/** The options of the chart in a box of this width, with everything every chart shares; null: no room for it. */
export function chartOptions(spec: ChartSpec, box: ChartBox, chart?: ApexOptions['chart']): ApexOptions | null {
	const options = spec.options(box)
	return options && baseOptions(options, chart)
}

/** The height the chart draws at in a box of these options: its own when the options set one (narrow screens), else the reserved one. */
export function drawnHeight(spec: ChartSpec, options: ApexOptions | null | undefined): number {
	return typeof options?.chart?.height === 'number' ? options.chart.height : spec.height
}
