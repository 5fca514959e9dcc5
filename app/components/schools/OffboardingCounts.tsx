import { DataTable } from '#app/components/ui/DataTable.tsx'
import type { OffboardingCount } from '#app/services/offboarding.server.ts'

/** The offboarding's counts, a kind of row a line: the dry run before, and what is left after (ADR 069, ADR 081). */
export function OffboardingCounts({ caption, rows, className }: { caption: string; rows: OffboardingCount[]; className?: string }) {
	return (
		<DataTable
			className={className}
			caption={caption}
			rows={rows}
			rowKey={(line) => line.key}
			columns={[
				{ header: 'What', rowHeader: true, cell: (line) => line.label },
				{ header: 'Rows', numeric: true, cell: (line) => line.n.toLocaleString('en-GB') },
			]}
		/>
	)
}
