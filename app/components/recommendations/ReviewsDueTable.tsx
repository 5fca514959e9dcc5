import { Link } from 'react-router'
import { Badge } from '#app/components/ui/Badge.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDate } from '#app/lib/format.ts'
import { reviewPath } from '#app/lib/review-links.ts'
import type { DueReview } from '#app/services/reviews-due.server.ts'

/** Plan reviews on a home (ADR 072): the most overdue first, each linking to its review page. */
export function ReviewsDueTable({ rows, caption, showOwner }: { rows: DueReview[]; caption: string; showOwner: boolean }) {
	return (
		<div className="rounded-lg border border-slate-200 bg-white">
			<DataTable
				caption={caption}
				hideCaption
				rows={rows}
				columns={[
					{
						header: 'Student',
						rowHeader: true,
						cell: (row) => (
							<Link to={`/students/profile/${row.studentId}`} className="font-medium text-brand underline underline-offset-2">
								{row.studentName}
							</Link>
						),
					},
					{
						header: 'Recommendation',
						cell: (row) => (
							<Link to={reviewPath(row.studentId, row.id)} className="text-brand underline underline-offset-2">
								{row.title}
								<span className="sr-only">{`: review for ${row.studentName}`}</span>
							</Link>
						),
					},
					...(showOwner ? [{ header: 'Owner', cell: (row: DueReview) => row.owner ?? 'None' }] : []),
					{ header: 'Due', cell: (row) => formatDate(row.reviewOn) },
					{
						header: 'Status',
						cell: (row) =>
							row.overdue ? <Badge variant="danger">Overdue</Badge> : row.due ? <Badge variant="warning">Due</Badge> : <Badge>Coming</Badge>,
					},
				]}
			/>
		</div>
	)
}
