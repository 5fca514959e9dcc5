import { Link } from 'react-router'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { FeedbackStatus } from '#app/models/enums.ts'
import { FeedbackStatusBadge } from './FeedbackStatusBadge.tsx'

type AssignedRow = { id: string; studentName: string; questionnaire: string; round: number; opensOn: string; dueOn: string; status: FeedbackStatus }

/** Rounds to answer: also the home's first tab. */
export function AssignedTable({ rows, area, caption }: { rows: AssignedRow[]; area: string; caption: string }) {
	return (
		<DataTable
			caption={caption}
			hideCaption
			rows={rows}
			columns={[
				{
					header: 'Student',
					rowHeader: true,
					cell: (row) => (
						<Link to={`${area}/questionnaires/${row.id}/domains`} className="font-medium text-brand underline underline-offset-2">
							{row.studentName}
						</Link>
					),
				},
				{ header: 'Questionnaire', cell: (row) => row.questionnaire },
				{ header: 'Round', cell: (row) => `Round ${row.round}` },
				{ header: 'Opened', cell: (row) => formatDate(row.opensOn) },
				{ header: 'Due', cell: (row) => (row.status === 'complete' ? '—' : formatDate(row.dueOn)) },
				{ header: 'Status', cell: (row) => <FeedbackStatusBadge status={row.status} /> },
			]}
		/>
	)
}
