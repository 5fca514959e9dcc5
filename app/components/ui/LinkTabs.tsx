import { NavLink } from 'react-router'

// Apart from Tabs.tsx: its React Aria tablist (about 25 KB of gzipped JavaScript) is not needed here, and a module's
// chunk carries all of its exports, so every page with route tabs downloaded it (ADR 055).

export interface LinkTab {
	to: string
	label: string
	/** Match the path exactly (true by default), so a parent path is not current on its children. */
	end?: boolean
}

/**
 * Tabs that are routes: a <nav> of links, the current one marked
 * aria-current="page". They work without JavaScript; not an ARIA tablist,
 * because each tab loads a page.
 */
export function LinkTabs({ label, tabs, className = '' }: { label: string; tabs: LinkTab[]; className?: string }) {
	return (
		<nav aria-label={label} className={className}>
			<ul className="flex flex-wrap gap-1 border-b border-slate-300">
				{tabs.map((tab) => (
					<li key={tab.to} className="-mb-px">
						<NavLink
							to={tab.to}
							end={tab.end ?? true}
							className={({ isActive }) =>
								`block border-b-3 px-4 py-2 text-sm font-medium ${
									isActive ? 'border-brand text-brand' : 'border-transparent text-slate-700 hover:text-slate-900'
								}`
							}
						>
							{tab.label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}
