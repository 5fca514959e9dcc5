import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'

type ProfileRow = { id: string; questionnaire: string; kind: string; intervalWeeks: number | null; status: string; rounds: number; startDate: string }

/** The student's profiles, read-only: what a transfer carries with the student. */
export function StudentProfiles({ profiles }: { profiles: ProfileRow[] }) {
	return (
		<section aria-labelledby="profiles-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="profiles-heading" className="mb-4 text-lg font-semibold text-slate-900">
				Profiles <span className="text-base font-normal text-slate-700">({profiles.length})</span>
			</h2>
			{profiles.length === 0 ? (
				<p className="text-slate-700">No profiles yet.</p>
			) : (
				<Table caption={`Profiles (${profiles.length})`} hideCaption>
					<TableHeader>
						<tr>
							<Column>Questionnaire</Column>
							<Column>Kind</Column>
							<Column>Started</Column>
							<Column numeric>Rounds</Column>
							<Column>Status</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{profiles.map((profile) => (
							<Row key={profile.id}>
								<RowHeader>{profile.questionnaire}</RowHeader>
								<Cell>{profile.kind === 'recurring' ? `Recurring, every ${profile.intervalWeeks} weeks` : 'One-time'}</Cell>
								<Cell>{formatDate(profile.startDate)}</Cell>
								<Cell numeric>{profile.rounds}</Cell>
								<Cell>{profile.status === 'active' ? 'Active' : 'Closed'}</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}
		</section>
	)
}
