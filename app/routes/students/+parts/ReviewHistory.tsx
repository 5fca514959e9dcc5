import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDate } from '#app/lib/format.ts'
import { outcomeLabel } from '#app/lib/review-outcomes.ts'
import { REVIEW_DECISION_LABELS } from '#app/models/enums.ts'
import type { ReviewRow } from '#app/services/plan-review-history.server.ts'

/** A plan entry's reviews, newest first: on the review page, on the profile and on paper. */
export function ReviewHistory({ reviews, title }: { reviews: ReviewRow[]; title: string }) {
	if (!reviews.length) return <p>No review recorded yet.</p>
	return (
		<DataTable
			caption={`Reviews of “${title}”`}
			hideCaption
			rows={reviews}
			columns={[
				{ header: 'Reviewed', rowHeader: true, cell: (row) => formatDate(row.reviewedOn) },
				{ header: 'Outcome', cell: (row) => outcomeLabel(row.outcome) },
				{ header: 'Decision', cell: (row) => REVIEW_DECISION_LABELS[row.decision] },
				{ header: 'Note', cell: (row) => row.note ?? '—' },
				{ header: 'By', cell: (row) => row.by ?? '—' },
			]}
		/>
	)
}
