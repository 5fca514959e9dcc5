import { FilterForm, FilterSelect } from '#app/components/lists/ListSearch.tsx'
import type { IllegalInput } from '#app/lib/pagination.ts'
import { YEAR_GROUPS } from '#app/models/enums.ts'

type Option = { value: string; label: string }

/** What the figures are and are not: said before them, on every view of the report (ADR 074). */
export function ObservationsNote() {
	return (
		<div role="note" className="mb-6 max-w-3xl rounded-md border border-blue-300 bg-blue-50 p-4 text-blue-950">
			<p className="font-semibold">These are observations, not proof.</p>
			<p className="mt-1">
				They describe what was recorded for the students who had each recommendation, alongside everything else in
				their lives: other support, time, home. A recorded outcome or a measured change is not evidence of what a
				recommendation did. Rows about fewer than 5 students say only “fewer than 5”, so that no child can be identified.
			</p>
		</div>
	)
}

/** The report's filters: a GET form (the URL is the view, and the CSV link takes the same filters). */
export function WhatHelpsFilters({
	filters,
	options,
	illegal,
}: {
	filters: { groupId: string | null; yearGroup: string | null; themeId: string | null }
	options: { groups: Option[]; themes: Option[] }
	illegal: IllegalInput | null
}) {
	return (
		<FilterForm name="What helps filters" submit="Show" illegal={illegal}>
			<FilterSelect id="what-helps-group" label="Group" name="group" value={filters.groupId} all="All groups" options={options.groups} />
			<FilterSelect id="what-helps-year" label="Year group" name="yearGroup" value={filters.yearGroup} all="All year groups"
				options={YEAR_GROUPS.map((yearGroup) => ({ value: yearGroup, label: yearGroup }))} />
			<FilterSelect id="what-helps-theme" label="Theme" name="theme" value={filters.themeId} all="All themes" options={options.themes} />
		</FilterForm>
	)
}
