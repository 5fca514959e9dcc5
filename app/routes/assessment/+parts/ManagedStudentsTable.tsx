import { DataTable, type DataColumn } from '#app/components/ui/DataTable.tsx'
import { RowModalButton } from '#app/components/ui/ModalButton.tsx'
import type { ManagedStudent } from '#app/services/profiles.server.ts'
import { ProfileList } from './ProfileList.tsx'

const columns: DataColumn<ManagedStudent>[] = [
	{
		header: 'Student',
		rowHeader: true,
		cell: (row) => (
			<>
				<span className="font-medium">{row.name}</span>
				<span className="block text-sm text-slate-700">
					<span className="font-mono">{row.upn}</span> · {row.yearGroup}
				</span>
			</>
		),
	},
	{
		header: 'Professionals',
		cell: (row) => (
			<>
				<p>Key: {row.keyProfessional ?? 'none'}</p>
				<p className="text-sm text-slate-700">
					Connected: {row.connectedProfessionals.length ? row.connectedProfessionals.join(', ') : 'none'}
				</p>
			</>
		),
	},
	{ header: 'Profiles', cell: (row) => <ProfileList profiles={row.profiles} student={row.name} /> },
	{
		header: 'Actions',
		cell: (row) => (
			<div className="flex flex-wrap gap-2">
				<RowModalButton modal="student-professionals" id={row.id} of={`of ${row.name}`}>
					Professionals
				</RowModalButton>
				<RowModalButton modal="add-profile" id={row.id} of={`for ${row.name}`} variant="primary">
					Add profile
				</RowModalButton>
			</div>
		),
	},
]

/** The manage-students list: each student's professionals and profiles, and the buttons that change them. */
export function ManagedStudentsTable({ rows }: { rows: ManagedStudent[] }) {
	return <DataTable caption="Students with their professionals and profiles" hideCaption rows={rows} columns={columns} />
}
