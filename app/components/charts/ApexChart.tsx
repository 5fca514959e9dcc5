import type { ApexOptions } from 'apexcharts'
import { lazy, Suspense } from 'react'
import { useHydrated } from '#app/components/ui/hydrated.ts'

// apexcharts touches `window` when imported: load it only in the browser,
// after hydration, in its own chunks (never on the server, never in the
// entry). The core build with just the chart types and the legend we use is
// about half the size of the full one.
const ReactApexChart = lazy(async () => {
	const [chart] = await Promise.all([
		import('react-apexcharts/core'),
		import('apexcharts/pie'),
		import('apexcharts/bar'),
		import('apexcharts/features/legend'),
	])
	return chart
})

export type ChartType = 'pie' | 'bar'

function cspNonce(): string | undefined {
	// The page's scripts carry the CSP nonce; apexcharts puts it on the <style> it injects.
	return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
}

function prefersReducedMotion(): boolean {
	return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** Shared options: no toolbar, no animation for reduced motion, and the chart's own a11y off (the table is that view). */
export function baseOptions(options: ApexOptions): ApexOptions {
	return {
		...options,
		chart: {
			fontFamily: 'inherit',
			toolbar: { show: false },
			zoom: { enabled: false },
			...options.chart,
			nonce: cspNonce(),
			animations: { enabled: !prefersReducedMotion() },
			accessibility: { enabled: false },
		} as ApexOptions['chart'],
	}
}

export interface ApexChartProps {
	type: ChartType
	series: ApexOptions['series']
	/** Options built in the browser (they may read the DOM): only called once hydrated. */
	options: () => ApexOptions
	height: number
}

/**
 * The chart itself: nothing on the server or before hydration, then the
 * lazily loaded apexcharts. Hidden from assistive technology, which reads
 * the data table beside it instead.
 */
export function ApexChart({ type, series, options, height }: ApexChartProps) {
	const hydrated = useHydrated()
	if (!hydrated) return null
	return (
		<div aria-hidden="true" className="min-w-0 flex-1 basis-80" data-chart={type}>
			<Suspense fallback={<div className="h-72" />}>
				<ReactApexChart type={type} series={series} options={baseOptions(options())} height={height} width="100%" />
			</Suspense>
		</div>
	)
}
