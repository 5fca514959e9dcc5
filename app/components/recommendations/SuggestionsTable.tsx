import { Link } from 'react-router'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { ProfileWithSuggestions } from '#app/services/suggestions.server.ts'

/** Profiles whose latest complete round suggests recommendations, each linked to its review (need managers). */
export function SuggestionsTable({ rows }: { rows: Omit<ProfileWithSuggestions, 'studentId'>[] }) {
	return (
		<div className="rounded-lg border border-slate-200 bg-white">
			<DataTable
				caption="Profiles with suggested recommendations"
				hideCaption
				rows={rows}
				rowKey={(row) => row.profileId}
				columns={[
					{
						header: 'Student',
						rowHeader: true,
						cell: (row) => (
							<Link to={`/need-manager/recommendations/${row.profileId}`} className="font-medium text-brand underline underline-offset-2">
								{row.studentName}
							</Link>
						),
					},
					{ header: 'UPN', className: 'font-mono', cell: (row) => row.upn },
					{ header: 'Year group', cell: (row) => row.yearGroup },
					{ header: 'Questionnaire', cell: (row) => row.questionnaireTitle },
					{ header: 'Latest complete round', cell: (row) => `Round ${row.roundIndex + 1} · ${formatDate(row.roundOpensOn)}` },
					{ header: 'Suggestions', numeric: true, cell: (row) => row.suggestions },
				]}
			/>
		</div>
	)
}
