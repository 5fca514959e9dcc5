import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { estimatedMeasure } from '#app/lib/charts/label-layout.ts'
import { outcomeBars } from '#app/lib/charts/outcome-bars.ts'
import { chartOptions, comparisonBars, domainBars, DRAWN_WIDTH, drawnHeight, severityPie, type ChartSpec } from '#app/lib/charts/specs.ts'
import { ApexChart } from './ApexChart.tsx'
import { ChartPicture } from './ChartPicture.tsx'

/** The picture as the server draws it: the laptop's width, text measured by estimate. */
function picture(spec: ChartSpec): string {
	const width = DRAWN_WIDTH[spec.place]
	const options = chartOptions(spec, { width, measure: estimatedMeasure })!
	return renderToStaticMarkup(
		<ChartPicture spec={spec} options={options} width={width} height={drawnHeight(spec, options)} measure={estimatedMeasure} />,
	)
}

/** Each drawn bar's [x, y, width, height]. */
function bars(svg: string): number[][] {
	return [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((match) => match.slice(1).map(Number))
}

describe('[14.7] charts drawn with the page, before apexcharts (ADR 040)', () => {
	test('[18.4] outcome bars: one bar a recommendation, its outcomes end to end as shares of it, on a 0–100 % axis', () => {
		const svg = picture(outcomeBars([
			{ name: 'Worry time', outcomes: [0, 1, 1, 2, 0] },
			{ name: 'Movement breaks', outcomes: [0, 0, 0, 0, 0] },
			{ name: 'Strengths journal', outcomes: [1, 0, 0, 0, 1] },
		])!)
		const drawn = bars(svg)
		// The row with no recorded outcome is not drawn; empty shares draw nothing.
		expect(drawn).toHaveLength(5)
		const [worse, same, better, ...second] = drawn
		expect(same![2]! / worse![2]!).toBeCloseTo(1)
		expect(better![2]! / worse![2]!).toBeCloseTo(2)
		// Each bar fills the plot's width, its segments touching.
		expect(same![0]!).toBeCloseTo(worse![0]! + worse![2]!)
		expect(worse![2]! + same![2]! + better![2]!).toBeCloseTo(second[0]![2]! + second[1]![2]!)
		for (const tick of ['0%', '50%', '100%', 'Worry time']) expect(svg).toContain(`>${tick}</tspan>`)
		expect(svg).not.toContain('Movement breaks')
	})

	test('domain bars: one bar a domain, as long as its score on the 0–4 scale, the names beside them', () => {
		const svg = picture(domainBars([
			{ name: 'Emotional wellbeing', score: 2 },
			{ name: 'Behaviour and self-regulation', score: 4 },
			{ name: 'Communication', score: 1 },
		])!)
		expect(svg).toMatch(/^<svg viewBox="0 0 524 220"/)
		const widths = bars(svg).map(([, , width]) => width!)
		expect(widths).toHaveLength(3)
		expect(widths[1]! / widths[0]!).toBeCloseTo(2)
		expect(widths[0]! / widths[2]!).toBeCloseTo(2)
		for (const name of ['Emotional wellbeing', 'Communication', '0.0', '4.0']) expect(svg).toContain(`>${name}</tspan>`)
	})

	test('comparison columns: a pair a domain, as tall as the two scores, in the series colours', () => {
		const svg = picture(comparisonBars(
			[
				{ name: 'Social relationships', value: 3, comparison: 1.5 },
				{ name: 'Communication', value: 0.5, comparison: 2 },
			],
			['Round 2', 'Round 1'],
		)!)
		const heights = bars(svg).map(([, , , height]) => height!)
		expect(heights).toHaveLength(4)
		expect(heights[0]! / heights[1]!).toBeCloseTo(2)
		expect(heights[3]! / heights[2]!).toBeCloseTo(4)
		expect(svg.match(/fill="#6995BA"/gi)).toHaveLength(2)
		expect(svg.match(/fill="#D2DFEA"/gi)).toHaveLength(2)
	})

	test('severity pie: a slice a band with answers, none for an empty band, a full circle for one band alone', () => {
		expect(picture(severityPie({ high: 2, medium: 0, low: 6 })!).match(/<path /g)).toHaveLength(2)
		expect(picture(severityPie({ high: 0, medium: 5, low: 0 })!)).toMatch(/<circle /)
		expect(severityPie({ high: 0, medium: 0, low: 0 })).toBeNull()
	})

	test('names are text, never markup: a questionnaire author’s angle brackets and quotes are escaped', () => {
		const hostile = `<img src=x onerror=alert(1)> "quoted" & 'apostrophe'`
		const svg = picture(comparisonBars([{ name: hostile, value: 1, comparison: 2 }], ['<script>alert(2)</script>', 'Round 1'])!)
		expect(svg).not.toMatch(/<img|<script/)
		expect(svg).toContain('&lt;img')
	})

	test('the server renders the picture in the chart box at its reserved height, hidden from assistive technology', () => {
		const html = renderToStaticMarkup(<ApexChart spec={severityPie({ high: 1, medium: 2, low: 3 })!} />)
		expect(html).toMatch(/^<div aria-hidden="true"[^>]*data-chart="pie"><div class="grid" style="min-height:252px" data-chart-plot="">/)
		expect(html).toContain('data-chart-picture')
		// The legend is HTML under the chart, one entry a slice.
		expect(html.match(/<li /g)).toHaveLength(3)
	})
})
