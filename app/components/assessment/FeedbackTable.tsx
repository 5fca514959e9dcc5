import { DataTable, type DataColumn } from '#app/components/ui/DataTable.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import type { FeedbackRow } from '#app/services/feedback.server.ts'
import { FeedbackStatusBadge } from './FeedbackStatusBadge.tsx'
import { studentColumn } from './student-column.tsx'

type FeedbackTableRow = Omit<FeedbackRow, 'studentId'>

const feedbackColumns = (area: string): DataColumn<FeedbackTableRow>[] => [
	studentColumn(
		(row) => `${area}/feedback/${row.id}`,
		(row) => (
			<span className="sr-only">
				, {row.questionnaire} round {row.round} by {row.respondent}
			</span>
		),
	),
	{ header: 'Questionnaire', cell: (row) => row.questionnaire },
	{ header: 'Round', cell: (row) => `Round ${row.round} (${formatDate(row.opensOn)})` },
	{ header: 'Respondent', cell: (row) => row.respondent },
	{ header: 'Status', cell: (row) => <FeedbackStatusBadge status={row.status} /> },
	{ header: 'Submitted', cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : '—') },
]

/** Feedback rows, each linking to its answers: the feedback list and the home's feedback tab. */
export function FeedbackTable({ rows, area, caption }: { rows: FeedbackTableRow[]; area: string; caption: string }) {
	return <DataTable caption={caption} hideCaption rows={rows} columns={feedbackColumns(area)} />
}
