import { Badge, type BadgeVariant } from '#app/components/ui/Badge.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { Section } from './Section.tsx'

export type SampleStudent = {
	name: string
	upn: string
	yearGroup: string
	yearOrder: number
	dateOfBirth: string
	sen: 'None' | 'SEN support' | 'EHC plan'
}

export const SAMPLE_STUDENTS: SampleStudent[] = [
	{ name: 'Amelia Hughes', upn: 'B801200005001', yearGroup: 'Year 7', yearOrder: 9, dateOfBirth: '2014-02-11', sen: 'SEN support' },
	{ name: 'Oliver Patel', upn: 'K801200005013', yearGroup: 'Year 3', yearOrder: 5, dateOfBirth: '2018-09-30', sen: 'None' },
	{ name: 'Isla Murphy', upn: 'H801200005025', yearGroup: 'Reception', yearOrder: 2, dateOfBirth: '2021-01-05', sen: 'EHC plan' },
	{ name: 'Noah Williams', upn: 'D801200005037', yearGroup: 'Year 11', yearOrder: 13, dateOfBirth: '2010-06-22', sen: 'None' },
]

const SEN_BADGES: Record<SampleStudent['sen'], BadgeVariant> = { None: 'neutral', 'SEN support': 'info', 'EHC plan': 'warning' }

/** The semantic table with server-side sorting: the headers are links to ?sort=&dir=. */
export function StudentsTable({ students, sort }: { students: SampleStudent[]; sort: SortState }) {
	return (
		<Section title="Table" description="Sorting is done by the server: each sortable header is a link, so it works without JavaScript.">
			<Table caption="Sample students">
				<TableHeader>
					<tr>
						<Column sortKey="name" sortState={sort}>
							Name
						</Column>
						<Column>UPN</Column>
						<Column sortKey="yearGroup" sortState={sort}>
							Year group
						</Column>
						<Column sortKey="dateOfBirth" sortState={sort}>
							Date of birth
						</Column>
						<Column>SEN status</Column>
					</tr>
				</TableHeader>
				<TableBody>
					{students.map((student) => (
						<Row key={student.upn}>
							<RowHeader>{student.name}</RowHeader>
							<Cell className="font-mono">{student.upn}</Cell>
							<Cell>{student.yearGroup}</Cell>
							<Cell>{formatDate(student.dateOfBirth)}</Cell>
							<Cell>
								<Badge variant={SEN_BADGES[student.sen]}>{student.sen}</Badge>
							</Cell>
						</Row>
					))}
				</TableBody>
			</Table>
		</Section>
	)
}
