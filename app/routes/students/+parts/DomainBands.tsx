import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatScore } from '#app/lib/format.ts'
import { type Band } from '#app/lib/scoring.ts'
import { BandBadge } from './BandBadge.tsx'

/** A round's domains with their bands (and, with `scores`, their scores): the profile's latest bands and the analysis's table. */
export function DomainBands({
	caption,
	domains,
	scores = false,
}: {
	caption: string
	domains: { id: string; name: string; score: number; band: Band }[]
	scores?: boolean
}) {
	return (
		<Table caption={caption}>
			<TableHeader>
				<Row>
					<Column>Domain</Column>
					{scores ? <Column numeric>Score</Column> : null}
					<Column>Band</Column>
				</Row>
			</TableHeader>
			<TableBody>
				{domains.map((domain) => (
					<Row key={domain.id}>
						<RowHeader>{domain.name}</RowHeader>
						{scores ? <Cell numeric>{formatScore(domain.score)}</Cell> : null}
						<Cell>
							<BandBadge band={domain.band} />
						</Cell>
					</Row>
				))}
			</TableBody>
		</Table>
	)
}
