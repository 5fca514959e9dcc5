import { DataTable, type DataColumn } from '#app/components/ui/DataTable.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { FeedbackStatus } from '#app/models/enums.ts'
import { FeedbackStatusBadge } from './FeedbackStatusBadge.tsx'
import { studentColumn } from './student-column.tsx'

type AssignedRow = { id: string; studentName: string; questionnaire: string; round: number; opensOn: string; dueOn: string; status: FeedbackStatus }

const assignedColumns = (area: string): DataColumn<AssignedRow>[] => [
	studentColumn((row) => `${area}/questionnaires/${row.id}/domains`),
	{ header: 'Questionnaire', cell: (row) => row.questionnaire },
	{ header: 'Round', cell: (row) => `Round ${row.round}` },
	{ header: 'Opened', cell: (row) => formatDate(row.opensOn) },
	{ header: 'Due', cell: (row) => (row.status === 'complete' ? '—' : formatDate(row.dueOn)) },
	{ header: 'Status', cell: (row) => <FeedbackStatusBadge status={row.status} /> },
]

/** Rounds to answer: also the home's first tab. */
export function AssignedTable({ rows, area, caption }: { rows: AssignedRow[]; area: string; caption: string }) {
	return <DataTable caption={caption} hideCaption rows={rows} columns={assignedColumns(area)} />
}
