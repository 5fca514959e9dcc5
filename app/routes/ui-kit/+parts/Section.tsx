import { type ReactNode, useId } from 'react'

/** A titled block of a UI kit page. */
export function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
	const id = useId()
	return (
		<section aria-labelledby={id} className="flex flex-col gap-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
			<div className="flex flex-col gap-1">
				<h3 id={id} className="text-xl font-semibold text-slate-900">
					{title}
				</h3>
				{description ? <p className="max-w-prose text-slate-700">{description}</p> : null}
			</div>
			{children}
		</section>
	)
}

/** The page's own heading under the "UI kit" title. */
export function PageHeading({ children }: { children: ReactNode }) {
	return <h2 className="text-2xl font-semibold text-slate-900">{children}</h2>
}
