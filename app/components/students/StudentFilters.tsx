import { Form, useLocation } from 'react-router'
import { SEN_STATUS_LABELS, SEN_STATUSES, YEAR_GROUPS } from '#app/models/enums.ts'

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

type Option = { value: string; label: string }

/**
 * A students list's search box and filters (year group, group, SEN status):
 * a GET form of native controls that keeps the sort, so the URL is the list's
 * whole state and it works without JavaScript.
 */
export function StudentFilters({
	query,
	filters,
	groups,
}: {
	query: { q: string; sort: string; dir: string }
	filters: { yearGroup: string | null; groupId: string | null; senStatus: string | null }
	groups: Option[]
}) {
	const location = useLocation()
	return (
		<Form key={location.search} method="get" role="search" aria-label="Students" className="flex flex-wrap items-end gap-3">
			<input type="hidden" name="sort" value={query.sort} />
			<input type="hidden" name="dir" value={query.dir} />
			<div className="flex flex-col gap-1">
				<label htmlFor="student-search" className="text-sm font-medium text-slate-900">
					Search by name or UPN
				</label>
				<input id="student-search" type="search" name="q" defaultValue={query.q} className={`w-64 ${controlClass}`} />
			</div>
			<FilterSelect id="student-year" label="Year group" name="yearGroup" value={filters.yearGroup} all="All year groups"
				options={YEAR_GROUPS.map((yearGroup) => ({ value: yearGroup, label: yearGroup }))} />
			<FilterSelect id="student-group" label="Group" name="group" value={filters.groupId} all="All groups" options={groups} />
			<FilterSelect id="student-sen" label="SEN status" name="sen" value={filters.senStatus} all="All SEN statuses"
				options={SEN_STATUSES.map((status) => ({ value: status, label: SEN_STATUS_LABELS[status] }))} />
			<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
				Search
			</button>
		</Form>
	)
}

function FilterSelect({ id, label, name, value, all, options }: { id: string; label: string; name: string; value: string | null; all: string; options: Option[] }) {
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium text-slate-900">
				{label}
			</label>
			<select id={id} name={name} defaultValue={value ?? ''} className={controlClass}>
				<option value="">{all}</option>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</div>
	)
}
