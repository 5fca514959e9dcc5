import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { IllegalInputPanel } from '#app/components/lists/ListPanel.tsx'
import { FieldMessage, listControlClass } from '#app/components/lists/ListSearch.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { MODAL_PARAM, openModals } from '#app/lib/modals.ts'
import type { IllegalInput } from '#app/lib/pagination.ts'

const KINDS = {
	student: {
		name: 'add-student',
		title: 'Add new student to group',
		searchParam: 'findStudent',
		searchLabel: 'Search the school’s students by name or UPN',
		intent: 'add-student',
		idField: 'studentId',
	},
	staff: {
		name: 'add-staff',
		title: 'Add staff to group',
		searchParam: 'findStaff',
		searchLabel: 'Search the staff directory by name, email or job title',
		intent: 'add-staff',
		idField: 'membershipId',
	},
} as const

/**
 * "Add new student to group" / "Add staff to group": a GET search inside the
 * modal (the modal stays open: its name is in the form), then one small POST
 * form per result. Works the same with and without JavaScript.
 */
export function AddMemberModal({
	kind,
	searched,
	illegal: refused,
	results,
}: {
	kind: keyof typeof KINDS
	searched: string
	/** A search the server refused (too long): not run, and said why (when it is this modal's search). */
	illegal: IllegalInput | null
	results: { id: string; name: string; detail: string }[]
}) {
	const { name, title, searchParam, searchLabel, intent, idField } = KINDS[kind]
	const illegal = refused?.field === searchParam ? refused : null
	const location = useLocation()
	const keep = new URLSearchParams(location.search)
	return (
		<UrlModal name={name} title={title}>
			<Form key={location.search} method="get" role="search" aria-label={title} className="flex items-end gap-2" preventScrollReset>
				{openModals(location.search).map((open) => (
					<input key={open} type="hidden" name={MODAL_PARAM} value={open} />
				))}
				{keep.get('page') ? <input type="hidden" name="page" value={keep.get('page') ?? ''} /> : null}
				<div className="flex grow flex-col gap-1">
					<label htmlFor={`${name}-search`} className="text-sm font-medium text-slate-900">
						{searchLabel}
					</label>
					<input
						id={`${name}-search`}
						type="search"
						name={searchParam}
						defaultValue={searched}
						aria-invalid={illegal ? true : undefined}
						aria-describedby={illegal ? `${name}-search-error` : undefined}
						className={`w-full ${listControlClass}`}
					/>
					{illegal ? <FieldMessage id={`${name}-search-error`} message={illegal.message} /> : null}
				</div>
				<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
					Search
				</button>
			</Form>
			<div className="mt-4" aria-live="polite">
				{illegal ? (
					<IllegalInputPanel illegal={illegal} className="p-4" />
				) : !searched ? (
					<p className="text-sm text-slate-700">Search, then add people one by one.</p>
				) : results.length === 0 ? (
					<p className="text-sm text-slate-700">No one matches “{searched}” who is not already in the group.</p>
				) : (
					<ul aria-label="Search results" className="flex flex-col divide-y divide-slate-200">
						{results.map((result) => (
							<li key={result.id} className="flex items-center justify-between gap-4 py-2">
								<span>
									<span className="font-medium">{result.name}</span>
									<span className="block text-sm text-slate-700">{result.detail}</span>
								</span>
								<Form method="post" preventScrollReset>
									<input type="hidden" name={idField} value={result.id} />
									<SubmitButton intent={intent} size="sm">
										Add<span className="sr-only"> {result.name}</span>
									</SubmitButton>
								</Form>
							</li>
						))}
					</ul>
				)}
			</div>
		</UrlModal>
	)
}

