import { Form } from '#app/components/forms/Form.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import type { AccessEvent } from '#app/services/access-report.server.ts'

type Report = { student: { name: string; upn: string } | null; events: AccessEvent[] }

/**
 * The access report: a student's UPN and two dates, then who viewed or changed the student's records between them.
 * `problem`: why the report asked for cannot be shown (the dates are not days that exist).
 */
export function AccessReport({ report, input, problem }: { report: Report | null; input: { upn: string; from: string; to: string }; problem: string | null }) {
	return (
		<section aria-labelledby="report-heading" className="rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="report-heading" className="mb-1 text-lg font-semibold text-slate-900">Access report</h2>
			<p className="mb-4 text-sm text-slate-700">Who viewed or changed one student’s records between two dates.</p>
			<Form method="get" className="flex flex-wrap items-end gap-3">
				<ReportField label="Student UPN" name="upn" defaultValue={input.upn} maxLength={13} />
				<ReportField label="From" name="from" type="date" defaultValue={input.from} invalid={Boolean(problem)} />
				<ReportField label="To" name="to" type="date" defaultValue={input.to} invalid={Boolean(problem)} />
				<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
					Show report
				</button>
			</Form>
			{problem ? (
				<p id="report-problem" className="mt-4 text-red-800" role="alert">
					{problem}
				</p>
			) : null}
			{report ? <ReportResult report={report} /> : null}
		</section>
	)
}

function ReportResult({ report }: { report: Report }) {
	if (!report.student) return <p className="mt-4 text-slate-700" role="status">No student with that UPN in this school.</p>
	if (!report.events.length) {
		return <p className="mt-4 text-slate-700" role="status">No access to {report.student.name} recorded between those dates.</p>
	}
	return (
		<div className="mt-4">
			<DataTable
				caption={`Access to ${report.student.name} (${report.student.upn})`}
				rows={report.events}
				rowKey={(event, index) => `${event.at}-${index}`}
				columns={[
					{ header: 'When', cell: (event) => formatDateTime(event.at) },
					{ header: 'Who', cell: (event) => (event.impersonated ? `${event.actor} (acting as ${event.impersonated})` : event.actor) },
					{ header: 'What', cell: (event) => event.action },
				]}
			/>
		</div>
	)
}

function ReportField({ label, invalid = false, ...input }: { label: string; name: string; type?: string; defaultValue: string; maxLength?: number; invalid?: boolean }) {
	const id = `report-${input.name}`
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium text-slate-900">
				{label}
			</label>
			<input id={id} {...input} aria-invalid={invalid || undefined} aria-describedby={invalid ? 'report-problem' : undefined} className="h-10 rounded-md border border-slate-500 px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700" />
		</div>
	)
}
