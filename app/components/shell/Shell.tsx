import { Archive, ChartBarStacked, ClipboardList, Contact, Group, Lightbulb, LayoutDashboard, LogOut, Menu, MessageSquareText, PanelLeftClose, PanelLeftOpen, School, Settings, Users, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { Logo } from '#app/components/Logo.tsx'
import { listControlClass, listSubmitClass } from '#app/components/lists/ListSearch.tsx'
import { Icon } from '#app/components/ui/Icon.tsx'
import { storeLocally } from '#app/lib/local-storage.ts'
import type { NavIcon, NavItem } from './nav.ts'

const ICONS: Record<NavIcon, LucideIcon> = {
	overview: LayoutDashboard,
	schools: School,
	questionnaires: ClipboardList,
	students: Users,
	groups: Group,
	directory: Contact,
	feedback: MessageSquareText,
	recommendations: Lightbulb,
	retention: Archive,
	report: ChartBarStacked,
	settings: Settings,
}

export type ShellUser = { name: string; email: string; roleLabel: string; impersonated: boolean }
/** The schools a member of two or more may switch between (`label`: school and role), and the one the session acts in. */
export type ShellSchools = { options: { membershipId: string; label: string }[]; active: string | null }

/**
 * The signed-in frame: a sidebar (260 px open, 86 px collapsed; the state
 * lives in a cookie so the server renders it right) and a 72 px header.
 * Below 768 CSS px (a phone, or 1366×768 at 200 % zoom) the sidebar gives way
 * to a menu button in the header that opens the same links as a panel
 * (MobileMenu), so the content keeps the width of the screen (ADR 031).
 */
export function Shell({
	user,
	schools,
	nav,
	sidebarOpen,
	children,
}: {
	user: ShellUser
	schools: ShellSchools | null
	nav: NavItem[]
	sidebarOpen: boolean
	children: ReactNode
}) {
	const location = useLocation()
	// With JavaScript the toggle shows at once and its cookie is posted in the background, outside the router (ADR 121):
	// no route module to load (offline that would reload the page), no page data read again. The choice stands in this
	// tab; the server draws it from the cookie on the next page load.
	const [chosen, setChosen] = useState<boolean | null>(null)
	const open = chosen ?? sidebarOpen
	// One post after another, so that the cookie ends as the last choice, however fast the toggle is pressed.
	const posted = useRef<Promise<unknown>>(Promise.resolve())
	const post = (next: boolean) => {
		posted.current = posted.current
			.then(() => fetch('/sidebar', { method: 'POST', body: new URLSearchParams({ open: String(next), background: 'true' }) }))
			.then((response) => {
				// Sent elsewhere (an impersonation that ended since the page was drawn): the page goes there.
				if (response.redirected) window.location.assign(response.url)
			})
			// Not sent (offline): the page keeps the choice; the next page load is drawn as the cookie last said.
			.catch(() => {})
	}
	useEffect(() => {
		storeLocally('sidebar-opened', String(open))
	}, [open])

	return (
		<div className="flex min-h-screen bg-slate-50">
			<a
				href="#main"
				className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
			>
				Skip to main content
			</a>
			<nav
				aria-label="Main"
				className={`sticky top-0 hidden h-screen shrink-0 flex-col overflow-y-auto border-r md:flex border-slate-200 bg-white transition-[width] duration-200 [view-transition-name:sidebar] motion-reduce:transition-none ${open ? 'w-[260px]' : 'w-[86px]'}`}
			>
				<div className={`flex h-[72px] shrink-0 items-center border-b border-slate-200 ${open ? 'px-6' : 'justify-center px-2'}`}>
					<Link to="/" aria-label="Spencer home" className="rounded-md">
						<Logo variant={open ? 'full' : 'mark'} decorative />
					</Link>
				</div>
				<ul className="flex flex-1 flex-col gap-1 p-3">
					{nav.map((item) => {
						const glyph = ICONS[item.icon]
						return (
							<li key={item.to} className="group relative">
								<NavLink
									to={item.to}
									end={item.end}
									aria-label={open ? undefined : item.label}
									className={({ isActive }) =>
										`flex h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${open ? '' : 'justify-center'} ${
											isActive ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'
										}`
									}
								>
									<Icon icon={glyph} className="size-5 shrink-0" />
									{open ? <span>{item.label}</span> : null}
								</NavLink>
								{open ? null : <CollapsedTip label={item.label} />}
							</li>
						)
					})}
				</ul>
				<div className="flex flex-col gap-1 border-t border-slate-200 p-3">
					<form
						method="post"
						action="/sidebar"
						className="group relative"
						onSubmit={(event) => {
							event.preventDefault()
							setChosen(!open)
							post(!open)
						}}
					>
						<input type="hidden" name="open" value={String(!open)} />
						<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
						<button
							type="submit"
							aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
							aria-expanded={open}
							className={`flex h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 ${open ? '' : 'justify-center'}`}
						>
							{open ? <Icon icon={PanelLeftClose} className="size-5" /> : <Icon icon={PanelLeftOpen} className="size-5" />}
							{open ? <span>Collapse</span> : null}
						</button>
						{open ? null : <CollapsedTip label="Expand sidebar" />}
					</form>
					<Form method="post" action="/auth/logout" className="group relative">
						<button
							type="submit"
							aria-label={open ? undefined : 'Sign out'}
							className={`flex h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 ${open ? '' : 'justify-center'}`}
						>
							<Icon icon={LogOut} className="size-5" />
							{open ? <span>Sign out</span> : null}
						</button>
						{open ? null : <CollapsedTip label="Sign out" />}
					</Form>
				</div>
			</nav>
			<div className="flex min-w-0 flex-1 flex-col">
				{user.impersonated ? (
					<div role="region" aria-label="Impersonation" className="flex flex-wrap items-center justify-center gap-3 bg-amber-100 px-6 py-2 text-sm text-slate-900">
						<p>{`You are in impersonation mode, viewing ${user.email} account. To exit, click`}</p>
						<Form method="post" action="/impersonation/exit">
							<button type="submit" className="rounded-md border border-slate-700 bg-white px-3 py-1 font-medium hover:bg-slate-100">
								Exit impersonation
							</button>
						</Form>
					</div>
				) : null}
				<header className="relative z-10 flex min-h-[72px] flex-wrap items-center justify-end gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 [view-transition-name:header] md:sticky md:top-0 md:px-6">
					<MobileMenu nav={nav} />
					{schools ? <SchoolSwitcher schools={schools} /> : null}
					<Link
						to="/settings/profile"
						className="flex min-w-0 items-center gap-3 rounded-md px-2 py-1 hover:bg-slate-100"
					>
						{/* The link is named by its own text (WCAG 2.5.3, label in name): the name and role it shows, then
						    what it opens for a screen reader. The initials are decoration beside the name. */}
						<span className="flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white" aria-hidden="true">
							{initials(user.name)}
						</span>
						<span className="flex min-w-0 flex-col text-left leading-tight break-words">
							<span className="text-sm font-semibold text-slate-900">{user.name}</span>
							<span className="sr-only">, </span>
							<span className="text-xs text-slate-700">{user.roleLabel}</span>
							<span className="sr-only">: profile settings</span>
						</span>
					</Link>
				</header>
				<main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-6 md:py-8">
					{children}
				</main>
			</div>
		</div>
	)
}

/**
 * The navigation on a narrow screen: a `<details>` disclosure whose summary is
 * the "Menu" button and whose panel holds the sidebar's links and Sign out, so
 * it opens and closes without JavaScript. With JavaScript it also moves focus
 * to the first link when it opens, closes on Escape (focus back on the
 * button) and when the route changes. Hidden from 768 px up, where the sidebar
 * shows.
 */
function MobileMenu({ nav }: { nav: NavItem[] }) {
	const details = useRef<HTMLDetailsElement>(null)
	const summary = useRef<HTMLElement>(null)
	const location = useLocation()
	// Every navigation closes it, one to the page already shown too (a new location key, the same address). The link
	// followed is hidden with it: the focus goes to the page it opened (its main region), not to the document's start.
	useEffect(() => {
		const element = details.current
		if (!element?.open) return
		const hadFocus = element.contains(document.activeElement)
		element.open = false
		if (hadFocus) document.getElementById('main')?.focus()
	}, [location.key])
	useEffect(() => {
		const element = details.current
		if (!element) return
		// Escape anywhere in the menu closes it and puts focus back on its button (a listener of the element: the
		// disclosure is not a widget of its own that a handler prop would make interactive).
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== 'Escape' || !element.open) return
			event.preventDefault()
			element.open = false
			summary.current?.focus()
		}
		element.addEventListener('keydown', onKeyDown)
		return () => element.removeEventListener('keydown', onKeyDown)
	}, [])
	const onToggle = () => {
		if (details.current?.open) details.current.querySelector<HTMLElement>('nav a, nav button')?.focus()
	}
	return (
		<details ref={details} onToggle={onToggle} className="mr-auto md:hidden">
			<summary
				ref={summary}
				className="flex h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
			>
				<Icon icon={Menu} className="size-5" />
				Menu
			</summary>
			<nav
				aria-label="Main"
				className="absolute inset-x-0 top-full z-20 max-h-[calc(100dvh-72px)] overflow-y-auto border-b border-slate-200 bg-white p-3 shadow-lg"
			>
				<ul className="flex flex-col gap-1">
					{nav.map((item) => (
						<li key={item.to}>
							<NavLink
								to={item.to}
								end={item.end}
								className={({ isActive }) =>
									`flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'}`
								}
							>
								<Icon icon={ICONS[item.icon]} className="size-5 shrink-0" />
								<span>{item.label}</span>
							</NavLink>
						</li>
					))}
				</ul>
				<Form method="post" action="/auth/logout" className="mt-1 border-t border-slate-200 pt-1">
					<button type="submit" className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100">
						<Icon icon={LogOut} className="size-5" />
						<span>Sign out</span>
					</button>
				</Form>
			</nav>
		</details>
	)
}

/**
 * Which school the session acts in, for staff of two or more schools: a native select and a Switch button, posted
 * as a plain form (it works without JavaScript). It never submits on change: choosing is not yet switching.
 */
function SchoolSwitcher({ schools }: { schools: ShellSchools }) {
	return (
		<Form key={schools.active} method="post" action="/switch-school" className="flex min-w-0 flex-wrap items-center gap-2">
			<label htmlFor="school-switcher" className="text-sm font-medium text-slate-900">
				School
			</label>
			<select id="school-switcher" name="membershipId" defaultValue={schools.active ?? undefined} className={`min-w-0 max-w-full ${listControlClass}`}>
				{schools.options.map((option) => (
					<option key={option.membershipId} value={option.membershipId}>
						{option.label}
					</option>
				))}
			</select>
			<button type="submit" className={listSubmitClass}>
				Switch
			</button>
		</Form>
	)
}

/**
 * The label of a collapsed item, shown on hover and keyboard focus (no JavaScript needed) after the tooltips'
 * 200 ms (TOOLTIP_DELAY_MS): a transition of `visibility` that only waits, and hides at once.
 */
function CollapsedTip({ label }: { label: string }) {
	return (
		<span
			aria-hidden="true"
			className="pointer-events-none invisible absolute top-1/2 left-full z-20 ml-2 -translate-y-1/2 rounded-md bg-slate-900 px-3 py-1.5 text-sm whitespace-nowrap text-white transition-[visibility] duration-0 group-focus-within:visible group-focus-within:delay-200 group-hover:visible group-hover:delay-200"
		>
			{label}
		</span>
	)
}

function initials(name: string) {
	return name
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((part) => part[0]?.toUpperCase())
		.join('')
}
