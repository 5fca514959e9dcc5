import { Info, Plus } from 'lucide-react'
import { useLocation } from 'react-router'
import { Badge } from '#app/components/ui/Badge.tsx'
import { Button } from '#app/components/ui/Button.tsx'
import { Icon } from '#app/components/ui/Icon.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Menu } from '#app/components/ui/Menu.tsx'
import { Tab, TabList, TabPanel, Tabs } from '#app/components/ui/Tabs.tsx'
import { Tooltip } from '#app/components/ui/Tooltip.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { modalHref } from '#app/lib/modals.ts'
import { Section } from './Section.tsx'

export function BadgesSection() {
	return (
		<Section title="Badges" description="Status labels. The word carries the meaning; the colour repeats it.">
			<div className="flex flex-wrap items-center gap-3">
				<Badge>Draft</Badge>
				<Badge variant="success">Complete</Badge>
				<Badge variant="danger">Request rejected</Badge>
				<Badge variant="warning">In progress</Badge>
				<Badge variant="info">Request sent</Badge>
			</div>
		</Section>
	)
}

export function TooltipSection() {
	return (
		<Section title="Tooltips" description="On hover and keyboard focus, with JavaScript. They only repeat a name the control already has.">
			<div className="flex flex-wrap items-center gap-3">
				<Tooltip content="Add student">
					<Button variant="secondary" size="icon" aria-label="Add student">
						<Icon icon={Plus} className="size-5" />
					</Button>
				</Tooltip>
				<Tooltip content="Scores run from 0 (no need) to 4 (most need)." placement="bottom">
					<Button variant="ghost" size="icon" aria-label="About scores">
						<Icon icon={Info} className="size-5" />
					</Button>
				</Tooltip>
			</div>
		</Section>
	)
}

export function MenuSection() {
	return (
		<Section title="Menu" description="A menu button. Without JavaScript it opens as a disclosure listing its links.">
			<div>
				<Menu
					label="Go to"
					items={[
						{ id: 'charts', label: 'Charts', href: '/ui-kit/charts' },
						{ id: 'inputs', label: 'Inputs', href: '/ui-kit/inputs' },
						{ id: 'colors', label: 'Colours', href: '/ui-kit/colors' },
						{ id: 'archive', label: 'Archive (not available)', isDisabled: true },
					]}
				/>
			</div>
		</Section>
	)
}

export function TabsSection() {
	return (
		<Section
			title="Tabs"
			description="In-page tabs switch panels with the arrow keys. Tabs that are pages (like this kit's own sections above) are LinkTabs: a navigation of links, the current one marked."
		>
			<Tabs defaultSelectedKey="questionnaires">
				<TabList aria-label="SENCo / need manager home">
					<Tab id="questionnaires">Questionnaires</Tab>
					<Tab id="recommendations">Recommendations</Tab>
					<Tab id="feedback">Feedback</Tab>
				</TabList>
				<TabPanel id="questionnaires">Questionnaires waiting for your answers.</TabPanel>
				<TabPanel id="recommendations">Strategies suggested by the latest rounds.</TabPanel>
				<TabPanel id="feedback">Feedback given on your students.</TabPanel>
			</Tabs>
		</Section>
	)
}

export function ModalSection() {
	const location = useLocation()
	return (
		<Section
			title="Modal in the URL"
			description="The link adds ?modal=example: the modal opens without JavaScript, Close is a link back, Back in the browser closes it. Modals stack."
		>
			<div>
				<ButtonLink to={modalHref(location, 'example')} preventScrollReset variant="secondary">
					Open the example modal
				</ButtonLink>
			</div>
			<UrlModal
				name="example"
				title="Example modal"
				footer={
					<ButtonLink to={modalHref(location, 'stacked')} preventScrollReset>
						Open a second modal
					</ButtonLink>
				}
			>
				<p>
					This dialog is part of the page's URL. With JavaScript the focus stays inside it and Escape closes it; without,
					it is still here, with a Close link.
				</p>
			</UrlModal>
			<UrlModal name="stacked" title="A second modal" size="sm">
				<p>Stacked on top of the first. Closing it leaves the first one open.</p>
			</UrlModal>
		</Section>
	)
}
