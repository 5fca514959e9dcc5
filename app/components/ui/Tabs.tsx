import {
	Tab as AriaTab,
	TabList as AriaTabList,
	TabPanel as AriaTabPanel,
	Tabs as AriaTabs,
	composeRenderProps,
	type TabListProps,
	type TabPanelProps,
	type TabProps,
	type TabsProps,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { composeTailwindRenderProps, focusRing } from './utils.ts'

/**
 * In-page tabs (ARIA tablist). Without JavaScript only the selected panel is
 * shown; when each tab is its own URL use LinkTabs (LinkTabs.tsx) instead.
 */
export function Tabs(props: TabsProps) {
	return <AriaTabs {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-4')} />
}

export function TabList<T extends object>(props: TabListProps<T>) {
	return <AriaTabList {...props} className={composeTailwindRenderProps(props.className, 'flex flex-wrap gap-1 border-b border-slate-300')} />
}

export const tabStyles = tv({
	extend: focusRing,
	base: '-mb-px border-b-3 px-4 py-2 text-sm font-medium',
	variants: {
		isSelected: { false: 'border-transparent hover:text-slate-900', true: 'border-brand' },
		isDisabled: { false: 'cursor-pointer', true: 'cursor-not-allowed text-slate-500' },
	},
	compoundVariants: [
		{ isDisabled: false, isSelected: false, className: 'text-slate-700' },
		{ isDisabled: false, isSelected: true, className: 'text-brand' },
	],
})

export function Tab(props: TabProps) {
	return (
		<AriaTab
			{...props}
			className={composeRenderProps(props.className, (className, renderProps) => tabStyles({ ...renderProps, className }))}
		/>
	)
}

export function TabPanel(props: TabPanelProps) {
	return (
		<AriaTabPanel
			{...props}
			className={composeRenderProps(props.className, (className, renderProps) =>
				focusRing({ ...renderProps, className: `rounded-sm ${className ?? ''}` }),
			)}
		/>
	)
}
