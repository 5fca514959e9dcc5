import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Icon } from './Icon.tsx'

/**
 * A semantic data table rendered on the server. Sorting is server-side: a
 * sortable column header is a link to the same URL with `?sort=<key>&dir=…`,
 * which the loader reads with `readSort`, so it works without JavaScript.
 */
export type SortDirection = 'asc' | 'desc'
export type SortState = { sort: string; dir: SortDirection }

/** The sort asked for in the URL, if its key is one of `keys`; otherwise `fallback`. */
export function readSort(searchParams: URLSearchParams, keys: readonly string[], fallback: SortState): SortState {
	const sort = searchParams.get('sort')
	const dir = searchParams.get('dir')
	if (!sort || !keys.includes(sort)) return fallback
	return { sort, dir: dir === 'desc' ? 'desc' : 'asc' }
}

/** The URL that sorts by `key`: ascending first, the other way when it is already the sort. Drops `page`. */
export function sortHref(location: { pathname: string; search: string }, key: string, current: SortState): string {
	const params = new URLSearchParams(location.search)
	const dir: SortDirection = current.sort === key && current.dir === 'asc' ? 'desc' : 'asc'
	params.set('sort', key)
	params.set('dir', dir)
	params.delete('page')
	return `${location.pathname}?${params.toString()}`
}

/**
 * Whether the element scrolls sideways (its content is wider than it), kept up
 * to date as it or its content resizes: `null` on the server and until measured, since only the browser knows.
 * The first measure is the observer's own first report, before the next paint: measured in the ref, while React
 * commits, the update would be rendered synchronously in the commit's task, and with it every effect of a page just
 * hydrated (one long task on a phone, where tables scroll).
 */
function useScrollsSideways(): [(element: HTMLElement | null) => void, boolean | null] {
	const [scrolls, setScrolls] = useState<boolean | null>(null)
	const ref = useCallback((element: HTMLElement | null) => {
		if (!element) return
		const measure = () => setScrolls(element.scrollWidth > element.clientWidth)
		const observer = new ResizeObserver(measure)
		observer.observe(element)
		if (element.firstElementChild) observer.observe(element.firstElementChild)
		return () => observer.disconnect()
	}, [])
	return [ref, scrolls]
}

export function Table({
	caption,
	hideCaption = false,
	className,
	children,
	...props
}: ComponentProps<'table'> & { caption: ReactNode; hideCaption?: boolean }) {
	const captionId = useId()
	const hintId = useId()
	const [ref, scrolls] = useScrollsSideways()
	// A table wider than the screen (320 px) scrolls within its box; the box is then a named stop in the tab order,
	// so keyboard users can scroll it too. Until the browser has measured it (on the server, and for good without
	// JavaScript) it may scroll, so it is a stop then too (ADR 106); once measured, a table that fits adds none. Its
	// name adds "scrolls sideways" (or "table", unmeasured) to the caption, so it differs from a section the caption
	// repeats (axe landmark-unique).
	// `relative`: what is positioned inside (the sort links' screen-reader text) scrolls with the table instead of
	// widening the page (WCAG 1.4.10).
	// The caption a sighted reader sees is drawn above the box, as wide as the page's column: inside it, a table's
	// caption is as wide as the table and would scroll sideways with it at 320 px (WCAG 1.4.10). The table keeps its
	// caption for screen readers (sr-only), so the visible copy is hidden from them; the box is named by it all the same.
	const scrollRegion = scrolls !== false ? { tabIndex: 0, role: 'region', 'aria-labelledby': `${captionId} ${hintId}` } : {}
	const box = (
		<div ref={ref} className="relative w-full overflow-x-auto" {...scrollRegion}>
			{scrolls !== false ? (
				<span id={hintId} hidden>
					{scrolls ? 'scrolls sideways' : 'table'}
				</span>
			) : null}
			<table {...props} className={className ? `w-full border-collapse text-left text-sm ${className}` : 'w-full border-collapse text-left text-sm'}>
				<caption id={hideCaption ? captionId : undefined} className="sr-only">
					{caption}
				</caption>
				{children}
			</table>
		</div>
	)
	if (hideCaption) return box
	return (
		<div className="w-full min-w-0">
			<p id={captionId} aria-hidden="true" className="mb-2 text-base font-semibold text-slate-900">
				{caption}
			</p>
			{box}
		</div>
	)
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
	return <thead {...props} className={className ? `border-b-2 border-slate-400 ${className}` : 'border-b-2 border-slate-400'} />
}

/**
 * The table's body. Rows may link with a RowLink (a plain `<a href>`, cheaper to render than a router Link per
 * row): once hydrated, a click on one is handed to the router here, so it navigates without reloading the page;
 * without JavaScript, or with a modifier key, it is an ordinary link. Router Links (a row's modal buttons, with
 * their preventScrollReset) are left to themselves.
 */
export function TableBody(props: ComponentProps<'tbody'>) {
	const body = useRef<HTMLTableSectionElement>(null)
	const navigate = useNavigate()
	useEffect(() => {
		const element = body.current
		if (!element) return
		const onClick = (event: MouseEvent) => {
			if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
			const to = (event.target as Element | null)?.closest('a[data-row-link]')?.getAttribute('href')
			if (!to) return
			event.preventDefault()
			void navigate(to)
		}
		element.addEventListener('click', onClick)
		return () => element.removeEventListener('click', onClick)
	}, [navigate])
	return <tbody ref={body} {...props} className={props.className ? `table-body ${props.className}` : 'table-body'} />
}

/**
 * A row's link to its record: a plain anchor (styled by TableBody's rule) that TableBody hands to the router once
 * hydrated: `href` is a path in the app, handed to the router as written.
 */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
	return (
		<a href={href} data-row-link="">
			{children}
		</a>
	)
}

/** A body row. TableBody's `table-body` rule (app.css) styles rows and cells, so a long table writes no class per cell. */
export function Row(props: ComponentProps<'tr'>) {
	return <tr {...props} />
}

export function Cell({ className, numeric, ...props }: ComponentProps<'td'> & { numeric?: boolean }) {
	return <td {...props} className={numeric ? `text-right tabular-nums ${className ?? ''}`.trim() : className} />
}

/** A row header cell (`<th scope="row">`), e.g. the name in each row. */
export function RowHeader(props: ComponentProps<'th'>) {
	return <th scope="row" {...props} />
}

export interface ColumnProps extends ComponentProps<'th'> {
	/** Makes the header a sort link for this key; needs `sortState`. */
	sortKey?: string
	sortState?: SortState
	numeric?: boolean
}

export function Column({ sortKey, sortState, numeric, className, children, ...props }: ColumnProps) {
	const location = useLocation()
	const classes = ['px-3 py-2 font-semibold text-slate-900', numeric && 'text-right', className].filter(Boolean).join(' ')
	if (!sortKey || !sortState) {
		return (
			<th scope="col" {...props} className={classes}>
				{children}
			</th>
		)
	}
	const active = sortState.sort === sortKey
	const arrow = !active ? ArrowUpDown : sortState.dir === 'asc' ? ArrowUp : ArrowDown
	const next = active && sortState.dir === 'asc' ? 'descending' : 'ascending'
	return (
		<th
			scope="col"
			aria-sort={active ? (sortState.dir === 'asc' ? 'ascending' : 'descending') : undefined}
			{...props}
			className={classes}
		>
			<Link
				to={sortHref(location, sortKey, sortState)}
				preventScrollReset
				className="inline-flex items-center gap-1 rounded-sm underline-offset-2 hover:underline"
			>
				{children}
				<span className="sr-only">, sort {next}</span>
				<Icon icon={arrow} className={`size-4 ${active ? 'text-slate-900' : 'text-slate-500'}`} />
			</Link>
		</th>
	)
}
