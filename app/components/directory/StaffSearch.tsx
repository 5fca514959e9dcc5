import { Form, useLocation } from 'react-router'

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

/** The directory's search box: a GET form that keeps the sort, so it works without JavaScript. */
export function StaffSearch({ q, sort, dir }: { q: string; sort: string; dir: string }) {
	const location = useLocation()
	return (
		<Form key={location.search} method="get" role="search" aria-label="Directory" className="flex flex-wrap items-end gap-3">
			<input type="hidden" name="sort" value={sort} />
			<input type="hidden" name="dir" value={dir} />
			<div className="flex flex-col gap-1">
				<label htmlFor="staff-search" className="text-sm font-medium text-slate-900">
					Search by name, e-mail or job title
				</label>
				<input id="staff-search" type="search" name="q" defaultValue={q} className={`w-72 ${controlClass}`} />
			</div>
			<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
				Search
			</button>
		</Form>
	)
}
