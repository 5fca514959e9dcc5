import { FilterSelect, ListSearch } from '#app/components/lists/ListSearch.tsx'
import type { IllegalInput } from '#app/lib/pagination.ts'
import { SEN_STATUS_LABELS, SEN_STATUSES, YEAR_GROUPS } from '#app/models/enums.ts'

/**
 * A students list's search box and filters (year group, group, SEN status):
 * a GET form of native controls that keeps the sort, so the URL is the list's
 * whole state and it works without JavaScript.
 */
export function StudentFilters({
	query,
	filters,
	groups,
	illegal,
}: {
	query: { q: string; sort: string; dir: string }
	filters: { yearGroup: string | null; groupId: string | null; senStatus: string | null }
	groups: { value: string; label: string }[]
	illegal: IllegalInput | null
}) {
	return (
		<ListSearch id="student-search" label="Search by name or UPN" name="Students" q={query.q} sort={query} illegal={illegal}>
			<FilterSelect id="student-year" label="Year group" name="yearGroup" value={filters.yearGroup} all="All year groups"
				options={YEAR_GROUPS.map((yearGroup) => ({ value: yearGroup, label: yearGroup }))} />
			<FilterSelect id="student-group" label="Group" name="group" value={filters.groupId} all="All groups" options={groups} />
			<FilterSelect id="student-sen" label="SEN status" name="sen" value={filters.senStatus} all="All SEN statuses"
				options={SEN_STATUSES.map((status) => ({ value: status, label: SEN_STATUS_LABELS[status] }))} />
		</ListSearch>
	)
}
