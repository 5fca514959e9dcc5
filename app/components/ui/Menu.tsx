import { ChevronDown } from 'lucide-react'
import { type ReactNode } from 'react'
import {
	Menu as AriaMenu,
	MenuItem as AriaMenuItem,
	MenuTrigger as AriaMenuTrigger,
	RouterProvider,
	type Key,
} from 'react-aria-components'
import { Link as RouterLink, useHref, useNavigate } from 'react-router'
import { tv } from 'tailwind-variants/lite'
import { Button } from './Button.tsx'
import { type ButtonVariant } from './button-styles.ts'
import { Popover } from './ListBox.tsx'
import { useHydrated } from './hydrated.ts'
import { Icon } from './Icon.tsx'

export interface MenuItemData {
	id: string
	label: string
	/** A link item: works without JavaScript too. */
	href?: string
	icon?: ReactNode
	isDisabled?: boolean
}

export interface MenuProps {
	/** The trigger button's text. */
	label: ReactNode
	items: MenuItemData[]
	/** Called with the id of a chosen item that has no href (JavaScript only). */
	onAction?: (id: string) => void
	variant?: ButtonVariant
}

export const menuItemStyles = tv({
	base: 'flex items-center gap-2 rounded px-3 py-2 text-base select-none',
	variants: {
		isFocused: { true: 'bg-slate-100' },
		isFocusVisible: { false: 'outline-0', true: 'outline-2 outline-offset-[-2px] outline-blue-700' },
		isDisabled: { false: 'cursor-pointer text-slate-900', true: 'cursor-not-allowed text-slate-500' },
	},
})

/**
 * A menu button. Once hydrated, a React Aria menu (arrow keys, type-ahead,
 * Escape); before that, and without JavaScript, a disclosure (<details>) that
 * lists the link items, as plain links. Items with no href need JavaScript
 * and are left out of that fallback.
 */
export function Menu({ label, items, onAction, variant = 'secondary' }: MenuProps) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	if (!hydrated) return <NativeMenu label={label} items={items.filter((item) => item.href && !item.isDisabled)} />
	return (
		<RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
			<AriaMenuTrigger>
				<Button variant={variant}>
					{label}
					<Icon icon={ChevronDown} className="size-4" />
				</Button>
				<Popover placement="bottom start" menu>
					<AriaMenu
						items={items}
						className="outline-0"
						disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
						onAction={(key: Key) => onAction?.(String(key))}
					>
						{(item) => (
							<AriaMenuItem id={item.id} href={item.href} textValue={item.label} className={(renderProps) => menuItemStyles(renderProps)}>
								{item.icon}
								{item.label}
							</AriaMenuItem>
						)}
					</AriaMenu>
				</Popover>
			</AriaMenuTrigger>
		</RouterProvider>
	)
}

function NativeMenu({ label, items }: { label: ReactNode; items: MenuItemData[] }) {
	return (
		<details className="group relative inline-block">
			<summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
				{label}
				<Icon icon={ChevronDown} className="size-4 group-open:rotate-180" />
			</summary>
			<ul className="absolute start-0 z-40 mt-1 min-w-48 rounded-md border border-slate-300 bg-white p-1 shadow-lg">
				{items.map((item) => (
					<li key={item.id}>
						<RouterLink to={item.href ?? '#'} className="flex items-center gap-2 rounded px-3 py-2 text-base text-slate-900 hover:bg-slate-100">
							{item.icon}
							{item.label}
						</RouterLink>
					</li>
				))}
			</ul>
		</details>
	)
}
