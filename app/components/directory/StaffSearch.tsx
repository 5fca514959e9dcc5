import { ListSearch } from '#app/components/lists/ListSearch.tsx'

/** The directory's search box: a GET form that keeps the sort, so it works without JavaScript. */
export function StaffSearch({ q, sort, dir }: { q: string; sort: string; dir: string }) {
	return <ListSearch id="staff-search" label="Search by name, e-mail or job title" name="Directory" q={q} sort={{ sort, dir }} width="w-72" />
}
