import type { ApexOptions } from 'apexcharts'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useHydrated } from '#app/components/ui/hydrated.ts'

// apexcharts touches `window` when imported: load it only in the browser, in
// its own chunks (never on the server, never in the entry). The core build
// with just the chart types and the legend we use is about half the size of
// the full one. The chunks start loading as soon as a screen with a chart
// loads this module, alongside hydration rather than after it (ADR 034);
// preloading them with the page's own modules was slower (ADR 036).
const loadChart = async () => {
	const [chart] = await Promise.all([
		import('react-apexcharts/core'),
		import('apexcharts/pie'),
		import('apexcharts/bar'),
		import('apexcharts/features/legend'),
	])
	return chart
}
const early = typeof document === 'undefined' ? null : loadChart()
// A failed load is chunk-recovery.client.ts's (vite:preloadError) and the chart's when it renders: not an unhandled rejection here.
early?.catch(() => {})
const ReactApexChart = lazy(() => early ?? loadChart())

export type ChartType = 'pie' | 'bar'

function cspNonce(): string | undefined {
	// The page's scripts carry the CSP nonce; apexcharts puts it on the <style> it injects.
	return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
}

/**
 * Shared options: no toolbar; no animation (for anyone: a chart that grows into place is drawn again on
 * every frame, some 200 ms of work on the slow profile, and reduced motion needs none anyway; ADR 036); nothing
 * below the chart beyond its height (apexcharts otherwise makes its box `parentHeightOffset`, 15 px,
 * taller than the height reserved for it); and the chart's own a11y off (the table is that view).
 */
export function baseOptions(options: ApexOptions): ApexOptions {
	return {
		...options,
		chart: {
			fontFamily: 'inherit',
			toolbar: { show: false },
			zoom: { enabled: false },
			...options.chart,
			nonce: cspNonce(),
			parentHeightOffset: 0,
			animations: { enabled: false },
			accessibility: { enabled: false },
		} as ApexOptions['chart'],
	}
}

export interface ApexChartProps {
	type: ChartType
	series: ApexOptions['series']
	/**
	 * Options built in the browser (they may read the DOM), for the chart's
	 * width in pixels: only called once hydrated and measured. Called again as
	 * the width changes; the chart is redrawn only when what they return
	 * changes, so formatters should be module-level functions, not new ones
	 * each call. Null: no room for a readable chart at this width, and the
	 * table beside it stands alone.
	 */
	options: (box: { width: number }) => ApexOptions | null
	/** Pixels; options that set `chart.height` (e.g. from the width) win. */
	height: number
	/** Classes of the chart's box (default: beside its table on wide screens, above it on narrow ones). */
	className?: string
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
 * The chart itself: on the server and before hydration an empty box of the
 * chart's height (so that the chart, when the lazily loaded apexcharts draws
 * it, moves nothing: ADR 034), then the chart. Without JavaScript the box is
 * not shown (`noscript:`), and in print neither (app.css): the data table
 * beside it is that view. Hidden from assistive technology, which reads the
 * table instead. When the options say there is no room, the box goes.
 */
export function ApexChart({ type, series, options, height, className = 'min-w-0 flex-1 basis-80' }: ApexChartProps) {
	const hydrated = useHydrated()
	const [ref, width] = useWidth()
	const chosen = hydrated && width > 0 ? options({ width }) : undefined
	const built = chosen ? baseOptions(chosen) : chosen
	const drawnHeight = typeof built?.chart?.height === 'number' ? built.chart.height : height
	return (
		<div
			ref={ref}
			aria-hidden="true"
			className={`${className} noscript:hidden`}
			style={built === null ? undefined : { minHeight: drawnHeight }}
			data-chart={type}
		>
			{built ? (
				<Suspense fallback={null}>
					{/* A chart that turns between columns and horizontal bars is drawn afresh. */}
					<ReactApexChart
						key={built.plotOptions?.bar?.horizontal ? 'horizontal' : 'vertical'}
						type={type}
						series={series}
						options={built}
						height={drawnHeight}
						width="100%"
					/>
				</Suspense>
			) : null}
		</div>
	)
}
