import type { ReactNode } from 'react'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { FEEDBACK_STATUS_LABELS } from '#app/models/enums.ts'
import type { ProfileSummary } from '#app/services/student-profiles.server.ts'

/** Rounds of a profile shown on paper; earlier ones stay on screen only, so the profile prints on one or two pages. */
const PRINTED_ROUNDS = 3

/** A titled card of the profile; on paper, a plain block that does not split across pages. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-6 break-inside-avoid print:border-0 print:p-0">
			<h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold text-slate-900 print:mb-1 print:text-base">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** A profile's rounds, newest first, with each respondent's feedback status. */
export function ProfileRounds({ profile }: { profile: ProfileSummary }) {
	const rounds = profile.rounds.toReversed()
	const hidden = Math.max(0, rounds.length - PRINTED_ROUNDS)
	return (
		<div className="mb-4 last:mb-0">
			<Table
				caption={`${profile.questionnaireTitle}: ${profile.kind === 'recurring' ? `every ${profile.intervalWeeks} weeks` : 'one-time'}, from ${formatDate(profile.startDate)}${profile.endDate ? ` to ${formatDate(profile.endDate)}` : ''}${profile.status === 'closed' ? ' (closed)' : ''}`}
			>
				<TableHeader>
					<Row>
						<Column>Round</Column>
						<Column>Opens</Column>
						<Column>Feedback</Column>
					</Row>
				</TableHeader>
				<TableBody>
					{rounds.map((round, position) => (
						<Row key={round.id} className={position >= PRINTED_ROUNDS ? 'print:hidden' : undefined}>
							<RowHeader>Round {round.index + 1}</RowHeader>
							<Cell>{formatDate(round.opensOn)}</Cell>
							<Cell>
								{round.feedback.length
									? round.feedback.map((feedback) => `${feedback.name}: ${FEEDBACK_STATUS_LABELS[feedback.status]}`).join(' · ')
									: 'No respondents'}
							</Cell>
						</Row>
					))}
				</TableBody>
			</Table>
			{hidden ? <p className="mt-1 hidden text-slate-700 print:block">Earlier rounds not printed: {hidden}.</p> : null}
		</div>
	)
}
