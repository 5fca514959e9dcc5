import { type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { DataTable, type DataColumn } from '#app/components/ui/DataTable.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { replaceModal } from '#app/lib/modals.ts'
import { roleLabel } from '#app/lib/roles.ts'

type StudentRow = { id: string; name: string; upn: string; yearGroup: string; archived: boolean }
type StaffRow = { id: string; name: string; email: string; role: string; jobTitle: string | null }

/** One of a group's member lists: its heading with the count, the button that adds, the table (or `empty`), then `children`. */
function MembersSection<T extends { id: string; name: string }>({
	id,
	title,
	total,
	action,
	empty,
	caption,
	rows,
	columns,
	children,
}: {
	id: string
	title: string
	total: number
	action: ReactNode
	empty: string
	caption: string
	rows: T[]
	columns: DataColumn<T>[]
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-4">
				<h2 id={id} className="text-lg font-semibold text-slate-900">
					{title} <span className="text-base font-normal text-slate-700">({total})</span>
				</h2>
				{action}
			</div>
			{rows.length === 0 ? <p className="text-slate-700">{empty}</p> : <DataTable caption={caption} hideCaption rows={rows} columns={columns} />}
			{children}
		</section>
	)
}

/** The Actions column: Remove, opening the modal that confirms it for the row. */
function removeColumn<T extends { id: string; name: string }>(href: (row: T) => string): DataColumn<T> {
	return {
		header: 'Actions',
		cell: (row) => (
			<ButtonLink to={href(row)} preventScrollReset variant="secondary" size="sm">
				Remove<span className="sr-only"> {row.name}</span>
			</ButtonLink>
		),
	}
}

export function GroupStudents({ rows, total, page }: { rows: StudentRow[]; total: number; page: number }) {
	const location = useLocation()
	return (
		<MembersSection
			id="students-heading"
			title="Students"
			total={total}
			action={
				<ButtonLink to={replaceModal(location, 'add-student')} preventScrollReset>
					Add new student to group
				</ButtonLink>
			}
			empty="No students in this group yet."
			caption="Students in this group"
			rows={rows}
			columns={[
				{
					header: 'Name',
					rowHeader: true,
					cell: (student) => (
						<>
							<Link to={`/school-admin/students/list/${student.id}`} className="font-medium text-brand underline underline-offset-2">
								{student.name}
							</Link>
							{student.archived ? <span className="ml-2 text-sm text-slate-700">(archived)</span> : null}
						</>
					),
				},
				{ header: 'UPN', className: 'font-mono', cell: (student) => student.upn },
				{ header: 'Year group', cell: (student) => student.yearGroup },
				removeColumn((student) => replaceModal(location, 'remove-student', { student: student.id })),
			]}
		>
			<Pagination page={page} pageSize={25} total={total} noun="students" />
		</MembersSection>
	)
}

export function GroupStaff({ rows, total }: { rows: StaffRow[]; total: number }) {
	const location = useLocation()
	return (
		<MembersSection
			id="staff-heading"
			title="Staff"
			total={total}
			action={
				<ButtonLink to={replaceModal(location, 'add-staff')} preventScrollReset variant="secondary">
					Add staff to group
				</ButtonLink>
			}
			empty="No staff linked to this group yet."
			caption="Staff of this group"
			rows={rows}
			columns={[
				{ header: 'Name', rowHeader: true, cell: (member) => member.name },
				{ header: 'Email', cell: (member) => member.email },
				{ header: 'Job title', cell: (member) => member.jobTitle ?? '—' },
				{ header: 'Role', cell: (member) => roleLabel(member.role) },
				removeColumn((member) => replaceModal(location, 'remove-staff', { member: member.id })),
			]}
		>
			<StaffShown shown={rows.length} total={total} />
		</MembersSection>
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
