import type { LegendItem } from '#app/lib/charts/specs.ts'

/** A chart's legend, in HTML under it: a swatch and a name for each series or slice, wrapping on narrow screens. */
export function ChartLegend({ items }: { items: LegendItem[] }) {
	return (
		<ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-700">
			{/* By place: two respondents may share a name. */}
			{items.map((item, index) => (
				<li key={index} className="inline-flex items-center gap-1.5">
					<svg viewBox="0 0 12 12" className="size-3 shrink-0">
						<rect x="0.5" y="0.5" width="11" height="11" rx="2" fill={item.colour} stroke={item.outline ?? item.colour} />
					</svg>
					{item.label}
				</li>
			))}
		</ul>
	)
}
