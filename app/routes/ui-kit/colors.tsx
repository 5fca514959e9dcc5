import { Table } from '#app/components/ui/Table.tsx'
import type { Route } from './+types/colors.ts'
import { PageHeading, Section } from './+parts/Section.tsx'

type Swatch = { name: string; hex: string; use: string }

const BRAND: Swatch[] = [
	{ name: 'Brand', hex: '#3B5781', use: 'Primary buttons, links, the logo, selected tabs.' },
	{ name: 'Text', hex: '#0F172A', use: 'Body text and headings (slate-900).' },
	{ name: 'Muted text', hex: '#475569', use: 'Descriptions and hints (slate-600).' },
	{ name: 'Error', hex: '#B91C1C', use: 'Field errors, danger buttons (red-700).' },
	{ name: 'Focus', hex: '#1D4ED8', use: 'The 3 px keyboard focus ring (blue-700).' },
]

const DATA: Swatch[] = [
	{ name: 'Severity high', hex: '#3B5781', use: 'High need in charts.' },
	{ name: 'Severity medium', hex: '#E67411', use: 'Medium need in charts.' },
	{ name: 'Severity low', hex: '#1CA39B', use: 'Low need in charts.' },
	{ name: 'Bar', hex: '#6995BA', use: 'Domain score bars.' },
	{ name: 'Comparison bar', hex: '#D2DFEA', use: 'The second series in comparisons, always with a #475569 outline.' },
]

function luminance(hex: string): number {
	const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
	const [r = 0, g = 0, b = 0] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4))
	return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2.2 contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
	return (light + 0.05) / (dark + 0.05)
}

function verdict(ratio: number): string {
	if (ratio >= 4.5) return 'passes for text'
	if (ratio >= 3) return 'large text and graphics only'
	return 'fails: never for text or alone'
}

export default function Colors() {
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Colours</PageHeading>
			<p className="max-w-prose text-slate-700">
				Text needs a contrast of at least 4.5:1 (WCAG 2.2 AA), large text and graphics 3:1. The data colours are fills: white
				text on medium (#E67411) or low (#1CA39B) fails, so labels sit beside them in dark text, and every chart has its
				table.
			</p>
			<Section title="Brand and interface">
				<SwatchTable caption="Brand and interface colours" swatches={BRAND} />
			</Section>
			<Section title="Scoring and charts" description="Severity bands and bars of the scoring.">
				<SwatchTable caption="Scoring and chart colours" swatches={DATA} />
			</Section>
		</div>
	)
}

function SwatchTable({ caption, swatches }: { caption: string; swatches: Swatch[] }) {
	return (
		// The kit's Table: on a narrow screen its scroll box is a named region keyboard users can scroll.
		<Table caption={caption} hideCaption>
			<thead className="border-b-2 border-slate-400">
				<tr>
					<th scope="col" className="px-3 py-2">Swatch</th>
					<th scope="col" className="px-3 py-2">Name</th>
					<th scope="col" className="px-3 py-2">Hex</th>
					<th scope="col" className="px-3 py-2">With white text</th>
					<th scope="col" className="px-3 py-2">With dark text (#0F172A)</th>
					<th scope="col" className="px-3 py-2">Use</th>
				</tr>
			</thead>
			<tbody>
				{swatches.map((swatch) => {
					const onWhite = contrast(swatch.hex, '#FFFFFF')
					const onDark = contrast(swatch.hex, '#0F172A')
					return (
						<tr key={swatch.name} className="border-b border-slate-200">
							<td className="px-3 py-2">
								<svg aria-hidden="true" viewBox="0 0 48 32" className="h-8 w-12">
									<rect width="48" height="32" rx="4" fill={swatch.hex} stroke="#94A3B8" />
								</svg>
							</td>
							<th scope="row" className="px-3 py-2 font-medium">{swatch.name}</th>
							<td className="px-3 py-2 font-mono">{swatch.hex}</td>
							<td className="px-3 py-2">{onWhite.toFixed(2)}:1, {verdict(onWhite)}</td>
							<td className="px-3 py-2">{onDark.toFixed(2)}:1, {verdict(onDark)}</td>
							<td className="px-3 py-2 text-slate-700">{swatch.use}</td>
						</tr>
					)
				})}
			</tbody>
		</Table>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Colours · UI kit · Spencer' }]
