import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { EXPORT_STATUS_BADGES } from '#app/components/exports/ExportStatus.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import type { ExportView } from '#app/services/exports.server.ts'

/**
 * The subject access export of the details page (issue 17, ADR 071): what it holds, the button that asks for one, and
 * the exports still kept, each linking to its page (progress, download).
 */
export function ExportSection({ exports }: { exports: ExportView[] }) {
	return (
		<section aria-labelledby="export-heading" className="rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="export-heading" className="mb-2 text-lg font-semibold text-slate-900">
				Subject access export
			</h2>
			<p className="mb-4 max-w-prose text-sm text-slate-800">
				For a subject access request: one ZIP file of everything Spencer holds about the student — details, transfers, profiles,
				every answer with who gave it and when, scores, the plan and who saw the record — as a readable report and as JSON and CSV.
				Staff of other schools are not named. The file is kept for 7 days.
			</p>
			<Form method="post" className="mb-4">
				<SubmitButton intent="export" variant="secondary">
					Prepare an export
				</SubmitButton>
			</Form>
			{exports.length ? (
				<DataTable
					caption="Exports kept"
					rows={exports}
					rowKey={(row) => row.id}
					columns={[
						{
							header: 'Asked for',
							rowHeader: true,
							cell: (row) => <Link to={`/school-admin/exports/${row.id}`}>{formatDateTime(row.createdAt)}</Link>,
						},
						{ header: 'Status', cell: (row) => <Badge variant={EXPORT_STATUS_BADGES[row.status].variant}>{EXPORT_STATUS_BADGES[row.status].label}</Badge> },
						{ header: 'Deleted on', cell: (row) => formatDateTime(row.expiresAt) || '7 days after it is ready' },
					]}
				/>
			) : null}
		</section>
	)
}
