import { type ReactNode } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { IllegalInputPanel } from '#app/components/lists/ListPanel.tsx'
import { FieldMessage, listControlClass } from '#app/components/lists/ListSearch.tsx'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { MODAL_PARAM, openModals, replaceModal } from '#app/lib/modals.ts'
import type { IllegalInput } from '#app/lib/pagination.ts'
import { roleLabel } from '#app/lib/roles.ts'

type StudentRow = { id: string; name: string; upn: string; yearGroup: string; archived: boolean }
type StaffRow = { id: string; name: string; email: string; role: string; jobTitle: string | null }


function Section({ id, title, count, action, children }: { id: string; title: string; count: number; action: ReactNode; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-4">
				<h2 id={id} className="text-lg font-semibold text-slate-900">
					{title} <span className="text-base font-normal text-slate-700">({count})</span>
				</h2>
				{action}
			</div>
			{children}
		</section>
	)
}

export function GroupStudents({ rows, total, page }: { rows: StudentRow[]; total: number; page: number }) {
	const location = useLocation()
	return (
		<Section
			id="students-heading"
			title="Students"
			count={total}
			action={
				<ButtonLink to={replaceModal(location, 'add-student')} preventScrollReset>
					Add new student to group
				</ButtonLink>
			}
		>
			{rows.length === 0 ? (
				<p className="text-slate-700">No students in this group yet.</p>
			) : (
				<Table caption="Students in this group" hideCaption>
					<TableHeader>
						<tr>
							<Column>Name</Column>
							<Column>UPN</Column>
							<Column>Year group</Column>
							<Column>Actions</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{rows.map((student) => (
							<Row key={student.id}>
								<RowHeader>
									<Link to={`/school-admin/students/list/${student.id}`} className="font-medium text-brand underline underline-offset-2">
										{student.name}
									</Link>
									{student.archived ? <span className="ml-2 text-sm text-slate-700">(archived)</span> : null}
								</RowHeader>
								<Cell className="font-mono">{student.upn}</Cell>
								<Cell>{student.yearGroup}</Cell>
								<Cell>
									<ButtonLink to={replaceModal(location, 'remove-student', { student: student.id })} preventScrollReset variant="secondary" size="sm">
										Remove<span className="sr-only"> {student.name}</span>
									</ButtonLink>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}
			<Pagination page={page} pageSize={25} total={total} noun="students" />
		</Section>
	)
}

export function GroupStaff({ rows, total }: { rows: StaffRow[]; total: number }) {
	const location = useLocation()
	return (
		<Section
			id="staff-heading"
			title="Staff"
			count={total}
			action={
				<ButtonLink to={replaceModal(location, 'add-staff')} preventScrollReset variant="secondary">
					Add staff to group
				</ButtonLink>
			}
		>
			{rows.length === 0 ? (
				<p className="text-slate-700">No staff linked to this group yet.</p>
			) : (
				<Table caption="Staff of this group" hideCaption>
					<TableHeader>
						<tr>
							<Column>Name</Column>
							<Column>Email</Column>
							<Column>Job title</Column>
							<Column>Role</Column>
							<Column>Actions</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{rows.map((member) => (
							<Row key={member.id}>
								<RowHeader>{member.name}</RowHeader>
								<Cell>{member.email}</Cell>
								<Cell>{member.jobTitle ?? '—'}</Cell>
								<Cell>{roleLabel(member.role)}</Cell>
								<Cell>
									<ButtonLink to={replaceModal(location, 'remove-staff', { member: member.id })} preventScrollReset variant="secondary" size="sm">
										Remove<span className="sr-only"> {member.name}</span>
									</ButtonLink>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}
			<StaffShown shown={rows.length} total={total} />
		</Section>
	)
}

/** Said under a group's staff when there are more than the page lists (GROUP_STAFF_LIMIT). */
export function StaffShown({ shown, total }: { shown: number; total: number }) {
	if (total <= shown) return null
	return (
		<p className="mt-4 text-sm text-slate-700">
			Showing the first {shown} of {total} staff, by name. Search the directory to find the others.
		</p>
	)
}


/**
 * "Add new student to group" / "Add staff to group": a GET search inside the
 * modal (the modal stays open: its name is in the form), then one small POST
 * form per result. Works the same with and without JavaScript.
 */
export function AddMemberModal({
	name,
	title,
	searchParam,
	searchLabel,
	searched,
	illegal,
	results,
	intent,
	idField,
}: {
	name: string
	title: string
	searchParam: string
	searchLabel: string
	searched: string
	/** A search the server refused (too long): not run, and said why. */
	illegal: IllegalInput | null
	results: { id: string; name: string; detail: string }[]
	intent: string
	idField: string
}) {
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

