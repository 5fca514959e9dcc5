import { ComparisonBars } from '#app/components/charts/ComparisonBars.tsx'
import { DomainBars } from '#app/components/charts/DomainBars.tsx'
import { SeverityPie } from '#app/components/charts/SeverityPie.tsx'
import type { Route } from './+types/charts.ts'
import { PageHeading, Section } from './+parts/Section.tsx'

export function loader() {
	// Sample figures: the shapes the student profile and comparison screens pass.
	return {
		severity: { high: 6, medium: 9, low: 10 },
		domains: [
			{ name: 'Emotional wellbeing', score: 2.6 },
			{ name: 'Social interaction', score: 1.8 },
			{ name: 'Learning behaviours', score: 1.2 },
			{ name: 'Communication', score: 2.1 },
			{ name: 'Self-regulation', score: 3.2 },
		],
		comparison: [
			{ name: 'Emotional wellbeing', value: 2.6, comparison: 3.0 },
			{ name: 'Social interaction', value: 1.8, comparison: 2.2 },
			{ name: 'Learning behaviours', value: 1.2, comparison: 1.0 },
			{ name: 'Communication', value: 2.1, comparison: 2.4 },
			{ name: 'Self-regulation', value: 3.2, comparison: 3.2 },
		],
	}
}

export default function Charts({ loaderData }: Route.ComponentProps) {
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Charts</PageHeading>
			<p className="max-w-prose text-slate-700">
				Each chart has its data table: the table is in the page from the server, so it is what you get without JavaScript
				and what a screen reader reads. With JavaScript a picture of the chart comes with the page, and the live chart,
				with its tooltips, takes its place once the charting library has loaded.
			</p>
			<Section title="Question severity" description="How many questions scored high, medium and low need in a round.">
				<SeverityPie counts={loaderData.severity} caption="Questions by severity" />
			</Section>
			<Section title="Domain scores" description="Mean need per domain, from 0 (none) to 4 (most).">
				<DomainBars domains={loaderData.domains} caption="Domain scores, round 2" />
			</Section>
			<Section title="Comparison" description="Two rounds side by side, domain by domain.">
				<ComparisonBars rows={loaderData.comparison} seriesNames={['Round 2', 'Round 1']} caption="Domain scores, round 2 against round 1" />
			</Section>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Charts · UI kit · Spencer' }]
