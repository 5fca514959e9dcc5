import { DataTable } from '#app/components/ui/DataTable.tsx'

type RowError = { row: number; column: string | null; message: string }

/** Refused rows: the row number as a spreadsheet shows it, the column as the file names it, and why. */
export function RowErrorsTable({ caption, errors }: { caption: string; errors: RowError[] }) {
	return (
		<div className="rounded-lg border border-slate-200 bg-white p-4">
			<DataTable
				caption={caption}
				rows={errors}
				rowKey={(error, index) => `${error.row}-${error.column}-${index}`}
				columns={[
					{ header: 'Row', numeric: true, cell: (error) => error.row },
					{ header: 'Column', cell: (error) => error.column ?? '—' },
					{ header: 'Problem', cell: (error) => error.message },
				]}
			/>
		</div>
	)
}
