import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react'
import { useHydrated } from '#app/components/ui/hydrated.ts'
import { estimatedMeasure, type Measure } from '#app/lib/charts/label-layout.ts'
import { chartOptions, DRAWN_WIDTH, drawnHeight, type ChartPlace, type ChartSpec } from '#app/lib/charts/specs.ts'
import { ChartLegend } from './ChartLegend.tsx'
import { ChartPicture } from './ChartPicture.tsx'

// apexcharts touches `window` when imported: load it only in the browser, in
// its own chunks (never on the server, never in the entry). The core build
// with just the chart types we use is about half the size of the full one
// (the legend is ours, in HTML: ChartLegend). The page already shows each
// chart as a picture (ChartPicture, ADR 040); apexcharts adds only its
// tooltips, so it is loaded once a pointer comes over a chart (ADR 058), not
// with every page that has one: 190 KB less on a slow link, and no long task
// at load on an old laptop.
const loadChart = async () => {
	const [chart] = await Promise.all([
		import('react-apexcharts/core'),
		import('apexcharts/pie'),
		import('apexcharts/bar'),
	])
	return chart
}
const ReactApexChart = lazy(loadChart)

// Whether the live charts are wanted: from the first pointer over any chart until the page is left (a chart of the
// next screen is then drawn live at once, its library being loaded).
let live = false
const listeners = new Set<() => void>()
function subscribeToLive(listener: () => void) {
	listeners.add(listener)
	return () => void listeners.delete(listener)
}
function wantLiveCharts() {
	if (live) return
	live = true
	for (const listener of listeners) listener()
}
const isLive = () => live
const notLiveOnServer = () => false

function cspNonce(): string | undefined {
	// The page's scripts carry the CSP nonce; apexcharts puts it on the <style> it injects.
	return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
}

const measures = new Map<string, Measure>()

/** A Measure for the page's font at this size, drawn on a canvas (browser only). */
function canvasMeasure(fontSize: string): Measure {
	const font = `400 ${fontSize} ${getComputedStyle(document.body).fontFamily}`
	let measure = measures.get(font)
	if (!measure) {
		const context = document.createElement('canvas').getContext('2d')
		if (context) context.font = font
		measure = context ? (text) => context.measureText(text).width : estimatedMeasure(fontSize)
		measures.set(font, measure)
	}
	return measure
}

/** The element's content width, kept up to date (0 until it is in the page). */
function useWidth(): [(element: HTMLElement | null) => void, number] {
	const [width, setWidth] = useState(0)
	const ref = useCallback((element: HTMLElement | null) => {
		if (!element) return
		const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width))
		measure()
		const observer = new ResizeObserver(measure)
		observer.observe(element)
		return () => observer.disconnect()
	}, [])
	return [ref, width]
}

/**
 * Before hydration, below these widths of its box the picture (drawn for the
 * laptop's width) would be scaled to text under three quarters of its size:
 * the box stays empty at its reserved height instead. Literal class names,
 * for Tailwind to find.
 */
const PICTURE_ROOM: Record<ChartPlace, string> = { side: '@max-[393px]:hidden', wide: '@max-[756px]:hidden' }

/**
 * A chart of the student views (app/lib/charts/specs.ts), at its reserved
 * height so that nothing moves as it is drawn (ADRs 034, 036, 040). From the
 * server, the chart's picture (ChartPicture: plain SVG) for a 1366 × 768
 * laptop's width; once hydrated, the picture for the box's measured width;
 * once a pointer has come over a chart of the page and apexcharts has loaded and drawn, the live chart with its tooltips in
 * the picture's place. Under it the legend, in HTML. Without JavaScript the
 * box is not shown (`noscript:`), and in print neither (app.css): the data
 * table beside it is that view. Hidden from assistive technology, which
 * reads the table instead. When the spec says there is no room at the box's
 * width, the box goes.
 */
export function ApexChart({ spec, className = 'min-w-0 flex-1 basis-80' }: { spec: ChartSpec; className?: string }) {
	const hydrated = useHydrated()
	const [ref, measuredWidth] = useWidth()
	const [drawn, setDrawn] = useState(false)
	const wanted = useSyncExternalStore(subscribeToLive, isLive, notLiveOnServer)
	const markDrawn = useCallback(() => setDrawn(true), [])
	const fitted = hydrated && measuredWidth > 0
	const box = fitted ? { width: measuredWidth, measure: canvasMeasure } : { width: DRAWN_WIDTH[spec.place], measure: estimatedMeasure }
	const options = chartOptions(spec, box, fitted ? { nonce: cspNonce(), events: { mounted: markDrawn } } : undefined)
	const height = drawnHeight(spec, options)
	return (
		<div ref={ref} aria-hidden="true" className={`${className} @container noscript:hidden`} data-chart={spec.type} onPointerEnter={wantLiveCharts}>
			{options === null ? null : (
				<>
					<div className="grid" style={{ minHeight: height }} data-chart-plot="">
						{fitted && wanted ? (
							<div className="min-w-0 [grid-area:1/1]">
								<Suspense fallback={null}>
									{/* A chart that turns between columns and horizontal bars is drawn afresh. */}
									<ReactApexChart
										key={options.plotOptions?.bar?.horizontal ? 'horizontal' : 'vertical'}
										type={spec.type}
										series={spec.series}
										options={options}
										height={height}
										width="100%"
									/>
								</Suspense>
							</div>
						) : null}
						{drawn ? null : (
							<div className={`min-w-0 bg-white [grid-area:1/1] ${fitted ? '' : PICTURE_ROOM[spec.place]}`}>
								<ChartPicture spec={spec} options={options} width={box.width} height={height} measure={box.measure} />
							</div>
						)}
					</div>
					{spec.legend ? <ChartLegend items={spec.legend} /> : null}
				</>
			)}
		</div>
	)
}
