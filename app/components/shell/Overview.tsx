import type { ReactNode, Ref } from 'react'
import { ANNOUNCES_ITS_ARRIVAL } from '#app/components/ui/PageAnnouncer.tsx'

/**
 * A page heading with a short line under it; with `headingRef` the heading can take focus (tabIndex -1), e.g. after a
 * step of a flow, and the page is then announced by that focus rather than by the router's page announcer.
 */
export function PageHeader({ title, children, headingRef }: { title: string; children?: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
	return (
		<header className="mb-8">
			<h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} {...(headingRef ? { [ANNOUNCES_ITS_ARRIVAL]: '' } : {})} className="text-2xl font-semibold text-slate-900">
				{title}
			</h1>
			{children ? <p className="mt-2 max-w-3xl text-slate-700">{children}</p> : null}
		</header>
	)
}

/** Key figures as a description list: readable by screen readers, no JavaScript. */
export function Figures({ items, label }: { items: { label: string; value: number | string }[]; label: string }) {
	return (
		<dl aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
			{items.map((item) => (
				<div key={item.label} className="rounded-lg border border-slate-200 bg-white p-5">
					<dt className="text-sm font-medium text-slate-700">{item.label}</dt>
					<dd className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{item.value}</dd>
				</div>
			))}
		</dl>
	)
}
