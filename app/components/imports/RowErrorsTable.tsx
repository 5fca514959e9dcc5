import { Cell, Column, Row, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'

type RowError = { row: number; column: string | null; message: string }

/** Refused rows: the row number as a spreadsheet shows it, the column as the file names it, and why. */
export function RowErrorsTable({ caption, errors }: { caption: string; errors: RowError[] }) {
	return (
		<div className="rounded-lg border border-slate-200 bg-white p-4">
			<Table caption={caption}>
				<TableHeader>
					<tr>
						<Column numeric>Row</Column>
						<Column>Column</Column>
						<Column>Problem</Column>
					</tr>
				</TableHeader>
				<TableBody>
					{errors.map((error, index) => (
						<Row key={`${error.row}-${error.column}-${index}`}>
							<Cell numeric>{error.row}</Cell>
							<Cell>{error.column ?? '—'}</Cell>
							<Cell>{error.message}</Cell>
						</Row>
					))}
				</TableBody>
			</Table>
		</div>
	)
}
