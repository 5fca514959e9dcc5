import { Link } from '#app/components/ui/Link.tsx'
import type { Route } from './+types/typography.ts'
import { PageHeading, Section } from './+parts/Section.tsx'

const SCALE = [
	{ name: 'Page title (h1)', className: 'text-3xl font-semibold', sample: 'Students' },
	{ name: 'Section (h2)', className: 'text-2xl font-semibold', sample: 'Transfer requests' },
	{ name: 'Subsection (h3)', className: 'text-xl font-semibold', sample: 'Domain scores' },
	{ name: 'Group (h4)', className: 'text-lg font-semibold', sample: 'Respondents' },
	{ name: 'Body', className: 'text-base', sample: 'Staff complete questionnaires about a student.' },
	{ name: 'Small', className: 'text-sm', sample: 'Last updated 05/03/2026, 09:30' },
	{ name: 'Caption', className: 'text-xs font-semibold tracking-wide uppercase', sample: 'Year 7' },
]

export default function Typography() {
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Typography</PageHeading>
			<Section title="Scale" description="The system font stack; sizes in rem so they follow the reader's browser setting.">
				<dl className="flex flex-col gap-4">
					{SCALE.map((step) => (
						<div key={step.name} className="grid gap-1 md:grid-cols-[14rem_1fr] md:items-baseline">
							<dt className="text-sm text-slate-600">
								{step.name} <code className="font-mono text-xs">{step.className}</code>
							</dt>
							<dd className={`${step.className} text-slate-900`}>{step.sample}</dd>
						</div>
					))}
				</dl>
			</Section>
			<Section title="Text">
				<div className="flex max-w-prose flex-col gap-4 text-base text-slate-900">
					<p>
						Body text is slate-900 on white (17.9:1). Keep lines to about 70 characters (<code className="font-mono text-sm">max-w-prose</code>).
						A link reads as a link: <Link to="/ui-kit/colors">see the colours</Link>.
					</p>
					<p className="text-slate-600">Secondary text is slate-600 (7.6:1): descriptions, hints, metadata.</p>
					<p>
						<strong>Bold</strong> for a key word, <em>italics</em> for a title, and <code className="rounded bg-slate-100 px-1 font-mono text-sm">B801200005001</code> for codes.
					</p>
					<ul className="list-disc ps-6">
						<li>Dates are dd/mm/yyyy (en-GB).</li>
						<li>Numbers group thousands: 1,234.56.</li>
					</ul>
					<blockquote className="border-s-4 border-slate-300 ps-4 text-slate-700">
						A quotation or a respondent's comment.
					</blockquote>
				</div>
			</Section>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Typography · UI kit · Spencer' }]
