import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { DataColumn } from '#app/components/ui/DataTable.tsx'

/** A round table's first column: the student's name, the row's header, linking to the round's page at `href`. */
export function studentColumn<T extends { studentName: string }>(href: (row: T) => string, more?: (row: T) => ReactNode): DataColumn<T> {
	return {
		header: 'Student',
		rowHeader: true,
		cell: (row) => (
			<Link to={href(row)} className="font-medium text-brand underline underline-offset-2">
				{row.studentName}
				{more?.(row)}
			</Link>
		),
	}
}
