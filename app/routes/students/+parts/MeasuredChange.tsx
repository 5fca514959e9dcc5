import { DataTable } from '#app/components/ui/DataTable.tsx'
import { formatDate, formatScore } from '#app/lib/format.ts'
import { describeChange, NOT_ENOUGH_DATA, type MeasuredChange } from '#app/lib/measured-change.ts'
import { plural } from '#app/lib/plural.ts'

type Round = { number: number; opensOn: string; questionnaire: string }
const roundName = (round: Round) => `round ${round.number} of ${round.questionnaire} (${formatDate(round.opensOn)})`
const roundsSince = (count: number) => `${plural(count, 'round')} since`

/**
 * The measured change of a plan entry in one sentence (ADR 072): "need down 0.6 on average, from 2.4 in round 2 … to
 * 1.8 in round 3 …; 1 round since", or "Not enough data" and why. Said as need going down or up, never a bare signed
 * number, and never a number from one round.
 */
export function changeSummary(change: MeasuredChange | null, themeName: string): string {
	if (!change) return `Measured change in ${themeName}: ${NOT_ENOUGH_DATA}.`
	if (!change.enough) return `Measured change in ${themeName}: ${NOT_ENOUGH_DATA} (${change.why}; ${roundsSince(change.roundsSince)}).`
	const { average } = change
	return (
		`Measured change in ${themeName}: ${describeChange(average.change)} on average, from ${formatScore(average.before)} in ` +
		`${roundName(change.baseline)} to ${formatScore(average.after)} in ${roundName(change.latest)}; ${roundsSince(change.roundsSince)}.`
	)
}

/** The summary, and on the review page each respondent's own change in a table. */
export function MeasuredChangeDetails({ change, themeName, perRespondent }: { change: MeasuredChange | null; themeName: string; perRespondent?: boolean }) {
	return (
		<div className="flex flex-col gap-3">
			<p>{changeSummary(change, themeName)}</p>
			{perRespondent && change?.enough ? (
				<DataTable
					caption={`Change in the ${themeName} score by respondent (need, 0–4)`}
					rows={[...change.respondents, change.average]}
					rowKey={(row) => row.label}
					columns={[
						{ header: 'Respondent', rowHeader: true, cell: (row) => row.label },
						{ header: `Round ${change.baseline.number}`, numeric: true, cell: (row) => formatScore(row.before) },
						{ header: `Round ${change.latest.number}`, numeric: true, cell: (row) => formatScore(row.after) },
						{ header: 'Change', cell: (row) => describeChange(row.change) },
					]}
				/>
			) : null}
		</div>
	)
}
