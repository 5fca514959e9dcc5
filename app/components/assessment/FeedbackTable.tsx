import { Link } from 'react-router'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import type { FeedbackRow } from '#app/services/feedback.server.ts'
import { FeedbackStatusBadge } from './FeedbackStatusBadge.tsx'

/** Feedback rows, each linking to its answers: the feedback list and the home's feedback tab. */
export function FeedbackTable({ rows, area, caption }: { rows: Omit<FeedbackRow, 'studentId'>[]; area: string; caption: string }) {
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
						<Link to={`${area}/feedback/${row.id}`} className="font-medium text-brand underline underline-offset-2">
							{row.studentName}
							<span className="sr-only">
								, {row.questionnaire} round {row.round} by {row.respondent}
							</span>
						</Link>
					),
				},
				{ header: 'Questionnaire', cell: (row) => row.questionnaire },
				{ header: 'Round', cell: (row) => `Round ${row.round} (${formatDate(row.opensOn)})` },
				{ header: 'Respondent', cell: (row) => row.respondent },
				{ header: 'Status', cell: (row) => <FeedbackStatusBadge status={row.status} /> },
				{ header: 'Submitted', cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : '—') },
			]}
		/>
	)
}
