import { Outlet } from 'react-router'
import { Logo } from '#app/components/Logo.tsx'
import { LinkTabs } from '#app/components/ui/LinkTabs.tsx'

const SECTIONS = [
	{ to: '/ui-kit/charts', label: 'Charts' },
	{ to: '/ui-kit/buttons', label: 'Buttons' },
	{ to: '/ui-kit/inputs', label: 'Inputs' },
	{ to: '/ui-kit/logos', label: 'Logos' },
	{ to: '/ui-kit/colors', label: 'Colours' },
	{ to: '/ui-kit/typography', label: 'Typography' },
	{ to: '/ui-kit/misc', label: 'Misc' },
]

/** The component library, each section on its own URL. */
export default function UiKitLayout() {
	return (
		<main className="mx-auto flex max-w-6xl flex-col gap-6 px-6 py-8">
			<header className="flex flex-col gap-4">
				<div className="flex items-center gap-3">
					<Logo variant="mark" decorative height={36} />
					<h1 className="text-3xl font-semibold text-slate-900">UI kit</h1>
				</div>
				<LinkTabs label="UI kit sections" tabs={SECTIONS} />
			</header>
			<Outlet />
		</main>
	)
}
