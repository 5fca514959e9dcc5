import { Logo } from '#app/components/Logo.tsx'
import type { Route } from './+types/logos.ts'
import { PageHeading, Section } from './+parts/Section.tsx'

export default function Logos() {
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Logos</PageHeading>
			<Section title="Full logo" description="The mark and the wordmark, in the brand colour #3B5781. The SVG is named “Spencer” for screen readers.">
				<div className="flex flex-wrap items-end gap-8">
					<Logo height={24} />
					<Logo height={32} />
					<Logo height={48} />
				</div>
			</Section>
			<Section title="On the brand colour" description="The inverse tone: white wordmark, white square with a brand “S”.">
				<div className="flex flex-wrap items-center gap-8 rounded-lg bg-brand p-6">
					<Logo tone="inverse" height={40} />
					<Logo tone="inverse" variant="mark" height={40} />
				</div>
			</Section>
			<Section title="Mark alone" description="For the collapsed sidebar and the favicon (/favicon.svg is the same shape).">
				<div className="flex flex-wrap items-end gap-6">
					<Logo variant="mark" height={16} />
					<Logo variant="mark" height={32} />
					<Logo variant="mark" height={64} />
					<img src="/favicon.svg" alt="The favicon" width={32} height={32} />
				</div>
			</Section>
			<Section title="Beside its name" description="When the words “Spencer” are already next to it, the logo is decorative (hidden from screen readers).">
				<p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
					<Logo variant="mark" height={24} decorative />
					Spencer
				</p>
			</Section>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Logos · UI kit · Spencer' }]
