import type { ApexOptions } from 'apexcharts'
import { AXIS_TEXT, BAR_OUTLINE } from '#app/lib/charts/colors.ts'
import type { Measure } from '#app/lib/charts/label-layout.ts'
import type { ChartSpec } from '#app/lib/charts/specs.ts'
import { formatScore } from '#app/lib/format.ts'

/**
 * The chart as a plain SVG picture, rendered with the page (ADR 040): what a
 * slow device shows from the first paint until apexcharts has arrived and
 * drawn the live chart in its place. Drawn from the same options as the live
 * chart: on the server for the width the box has on a 1366 × 768 laptop, with
 * text measured by estimate (the server has no fonts), and scaled to the box
 * it lands in; once hydrated, for the box's own width.
 *
 * It draws only what our charts use (app/lib/charts/specs.ts): bars across,
 * columns in pairs, and a pie, on the 0–4 score scale; and bars across stacked
 * to 100 % (app/lib/charts/outcome-bars.ts: the shares of review outcomes).
 */
/** A coordinate to a tenth of a pixel: the picture's numbers stay short (the bars' page sends less). */
const px = (value: number) => Math.round(value * 10) / 10

export function ChartPicture({
	spec,
	options,
	width,
	height,
	measure,
}: {
	spec: ChartSpec
	options: ApexOptions
	width: number
	height: number
	measure: (fontSize: string) => Measure
}) {
	const colours = (options.colors ?? []) as string[]
	let body
	if (spec.type === 'pie') {
		body = <Pie values={spec.series as number[]} colours={colours} width={width} height={height} />
	} else {
		const series = (spec.series as { data: number[] }[]).map((one) => one.data)
		const labels = (options.xaxis?.categories ?? []) as string[][]
		const outline = options.stroke?.show ? BAR_OUTLINE : undefined
		const labelWidth = Number(options.yaxis && 'labels' in options.yaxis ? options.yaxis.labels?.maxWidth : 0)
		body = options.plotOptions?.bar?.horizontal ? (
			<HorizontalBars
				{...{ series, labels, colours, outline, labelWidth, width, height }}
				stacked={Boolean(options.chart?.stacked)}
				measure={measure(`${FONT_SIZE}px`)}
			/>
		) : (
			<Columns {...{ series, labels, colours, outline, width, height }} />
		)
	}
	return (
		<svg viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full" focusable="false" data-chart-picture="">
			{body}
		</svg>
	)
}

const FONT_SIZE = 13
const LINE_HEIGHT = 18
const GRID = '#CBD5E1'
const TICKS = [0, 1, 2, 3, 4]
const PERCENT_TICKS = [0, 25, 50, 75, 100]

function Lines({ lines, x, y, anchor }: { lines: string[]; x: number; y: number; anchor: 'start' | 'middle' | 'end' }) {
	return (
		<text x={x} y={y} textAnchor={anchor} fontSize={FONT_SIZE} fill={AXIS_TEXT}>
			{lines.map((line, index) => (
				<tspan key={index} x={x} dy={index === 0 ? 0 : '1.1em'}>
					{line}
				</tspan>
			))}
		</text>
	)
}

/**
 * Names down the left, a band each, bars growing right on a 0–4 axis along the bottom; or, `stacked`, one bar a band
 * whose series lie end to end as shares of its total, on a 0–100 % axis (as apexcharts' stackType '100%').
 */
function HorizontalBars({
	series,
	labels,
	colours,
	outline,
	labelWidth,
	width,
	height,
	stacked,
	measure,
}: {
	series: number[][]
	labels: string[][]
	colours: string[]
	outline: string | undefined
	labelWidth: number
	width: number
	height: number
	stacked: boolean
	measure: Measure
}) {
	// As apexcharts lays it out: the names' column as wide as the widest line (up to the width kept for them).
	const left = Math.min(labelWidth, Math.max(0, ...labels.flat().map((line) => measure(line)))) + 14
	const right = width - 11
	const top = 30
	const bottom = height - 35
	const band = (bottom - top) / Math.max(1, labels.length)
	const bar = (band * 0.6) / (stacked ? 1 : series.length)
	const max = stacked ? 100 : 4
	const x = (value: number) => left + ((right - left) * Math.min(max, Math.max(0, value))) / max
	// Stacked: each segment's start and end as percentages of its band's total.
	const segment = (seriesIndex: number, index: number): [number, number] => {
		if (!stacked) return [0, series[seriesIndex]![index] ?? 0]
		const total = series.reduce((sum, values) => sum + (values[index] ?? 0), 0) || 1
		const before = series.slice(0, seriesIndex).reduce((sum, values) => sum + (values[index] ?? 0), 0)
		return [(before * 100) / total, ((before + (series[seriesIndex]![index] ?? 0)) * 100) / total]
	}
	return (
		<>
			{[...labels.keys(), labels.length].map((index) => (
				<line key={index} x1={px(left)} x2={right} y1={px(top + band * index)} y2={px(top + band * index)} stroke={GRID} />
			))}
			<line x1={px(left)} x2={px(left)} y1={top} y2={bottom} stroke={GRID} />
			{labels.map((lines, index) => {
				const middle = top + band * index + band / 2
				return (
					<g key={index}>
						<Lines lines={lines} x={px(left - 12)} y={px(middle + FONT_SIZE / 3 - ((lines.length - 1) * LINE_HEIGHT) / 2)} anchor="end" />
						{series.map((_, seriesIndex) => {
							const [from, to] = segment(seriesIndex, index)
							if (stacked && to === from) return null
							return (
								<rect
									key={seriesIndex}
									x={px(x(from))}
									y={px(stacked ? middle - bar / 2 : middle - (bar * series.length) / 2 + bar * seriesIndex)}
									width={px(x(to) - x(from))}
									height={px(bar)}
									rx={stacked ? 0 : 2}
									fill={colours[seriesIndex]}
									stroke={outline}
								/>
							)
						})}
					</g>
				)
			})}
			{(stacked ? PERCENT_TICKS : TICKS).map((tick) => (
				<Lines key={tick} lines={[stacked ? `${tick}%` : formatScore(tick)]} x={px(x(tick))} y={bottom + 22} anchor="middle" />
			))}
		</>
	)
}

/** Columns in pairs per name, on a 0–4 axis up the left, the names wrapped under their columns. */
function Columns({
	series,
	labels,
	colours,
	outline,
	width,
	height,
}: {
	series: number[][]
	labels: string[][]
	colours: string[]
	outline: string | undefined
	width: number
	height: number
}) {
	const left = 46
	const right = width - 88
	const top = 34
	// The names' lines under the axis take what they need from the plot, as in apexcharts.
	const bottom = height - 8 - LINE_HEIGHT * Math.max(1, ...labels.map((lines) => lines.length))
	const group = (right - left) / Math.max(1, labels.length)
	const column = (group * 0.6) / series.length
	const y = (score: number) => bottom - ((bottom - top) * Math.min(4, Math.max(0, score))) / 4
	return (
		<>
			{TICKS.map((tick) => (
				<g key={tick}>
					<line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke={GRID} />
					<Lines lines={[formatScore(tick)]} x={left - 10} y={y(tick) + FONT_SIZE / 3} anchor="end" />
				</g>
			))}
			{labels.map((lines, index) => {
				const middle = left + group * index + group / 2
				return (
					<g key={index}>
						{series.map((values, seriesIndex) => (
							<rect
								key={seriesIndex}
								x={middle - (column * series.length) / 2 + column * seriesIndex}
								y={y(values[index] ?? 0)}
								width={column}
								height={bottom - y(values[index] ?? 0)}
								rx={2}
								fill={colours[seriesIndex]}
								stroke={outline}
							/>
						))}
						<Lines lines={lines} x={middle} y={bottom + LINE_HEIGHT} anchor="middle" />
					</g>
				)
			})}
		</>
	)
}

/** Slices clockwise from twelve o'clock, white between them. */
function Pie({ values, colours, width, height }: { values: number[]; colours: string[]; width: number; height: number }) {
	const total = values.reduce((sum, value) => sum + value, 0)
	const cx = width / 2
	const cy = height / 2
	const r = height / 2 - 8
	const point = (turn: number) => `${cx + r * Math.sin(turn * 2 * Math.PI)} ${cy - r * Math.cos(turn * 2 * Math.PI)}`
	const shares = values.map((value) => (total === 0 ? 0 : value / total))
	const starts = shares.map((_, index) => shares.slice(0, index).reduce((sum, share) => sum + share, 0))
	return (
		<>
			{shares.map((share, index) => {
				const from = starts[index]!
				if (share === 0) return null
				const colour = colours[index]
				if (share >= 1) return <circle key={index} cx={cx} cy={cy} r={r} fill={colour} />
				return (
					<path
						key={index}
						d={`M ${cx} ${cy} L ${point(from)} A ${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${point(from + share)} Z`}
						fill={colour}
						stroke="#ffffff"
						strokeWidth={2}
					/>
				)
			})}
		</>
	)
}
