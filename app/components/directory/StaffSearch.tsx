import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import type { IllegalInput } from '#app/lib/pagination.ts'

/** The directory's search box: a GET form that keeps the sort, so it works without JavaScript. */
export function StaffSearch({ q, sort, dir, illegal }: { q: string; sort: string; dir: string; illegal: IllegalInput | null }) {
	return <ListSearch id="staff-search" label="Search by name, email or job title" name="Directory" q={q} sort={{ sort, dir }} width="w-72" illegal={illegal} />
}
