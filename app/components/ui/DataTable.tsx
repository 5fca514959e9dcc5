import type { Key, ReactNode } from 'react'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from './Table.tsx'

/** One column of a DataTable: its header, and what it shows for each row. */
export interface DataColumn<T> {
	header: ReactNode
	cell: (row: T) => ReactNode
	/** The column that names the row: its cells are row headers (`<th scope="row">`). */
	rowHeader?: boolean
	numeric?: boolean
	/** Makes the header a sort link for this key (with the table's `sortState`). */
	sortKey?: string
	/** Classes of the column's cells. */
	className?: string
}

/**
 * A Table written from its columns: a header row of the columns' headers, then a row per record with a cell per
 * column. Rows are keyed by their `id` unless `rowKey` says otherwise.
 */
export function DataTable<T>({
	caption,
	hideCaption,
	className,
	columns,
	rows,
	rowKey = (row) => (row as { id: string }).id,
	sortState,
}: {
	caption: ReactNode
	hideCaption?: boolean
	className?: string
	columns: DataColumn<T>[]
	rows: readonly T[]
	rowKey?: (row: T, index: number) => Key
	sortState?: SortState
}) {
	return (
		<Table caption={caption} hideCaption={hideCaption} className={className}>
			<TableHeader>
				<tr>
					{columns.map((column, index) => (
						<Column key={index} numeric={column.numeric} sortKey={column.sortKey} sortState={sortState}>
							{column.header}
						</Column>
					))}
				</tr>
			</TableHeader>
			<TableBody>
				{rows.map((row, index) => (
					<Row key={rowKey(row, index)}>
						{columns.map((column, columnIndex) =>
							column.rowHeader ? (
								<RowHeader key={columnIndex} className={column.className}>
									{column.cell(row)}
								</RowHeader>
							) : (
								<Cell key={columnIndex} numeric={column.numeric} className={column.className}>
									{column.cell(row)}
								</Cell>
							),
						)}
					</Row>
				))}
			</TableBody>
		</Table>
	)
}
