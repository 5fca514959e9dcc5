import type { ReactNode } from 'react'
import { Form } from '#app/components/forms/Form.tsx'
import { ComparisonBars } from '#app/components/charts/ComparisonBars.tsx'
import { FilterSelect, listSubmitClass } from '#app/components/lists/ListSearch.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatScore, formatScoreChange } from '#app/lib/format.ts'
import { BAND_LABELS } from '#app/lib/scoring.ts'
import { requireRole } from '#app/services/guards.server.ts'
import type { ProfileSummary } from '#app/services/student-profiles.server.ts'
import { loadComparison, openStudent, printDetails, type ComparisonView } from '#app/services/student-views.server.ts'
import { BandBadge } from './+parts/BandBadge.tsx'
import { profileLabel, roundLabel } from './+parts/labels.ts'
import { PrintFrame } from './+parts/PrintFrame.tsx'
import { StudentHeader } from './+parts/StudentHeader.tsx'
import type { Route } from './+types/comparison.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin', 'needManager', 'professional')
	const student = await openStudent(app, params.id, 'comparison')
	const comparison = await loadComparison(app, student.id, new URL(request.url).searchParams)
	return { student, comparison, print: printDetails(app) }
}

export default function StudentComparison({ loaderData }: Route.ComponentProps) {
	const { student, comparison, print } = loaderData
	const profile = comparison.profiles.find((candidate) => candidate.id === comparison.profileId)
	return (
		<PrintFrame details={print} student={student.name}>
			<StudentHeader student={student} />
			{!profile || !profile.rounds.length ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
					Nothing to compare yet: comparisons appear once a profile has rounds with answers.
				</p>
			) : (
				<div className="flex flex-col gap-8">
					{/* Keyed on what they show: a select's defaultValue is read once, and a navigation keeps the element. */}
					<div className="grid gap-6 lg:grid-cols-2">
						<RoundsForm key={[comparison.profileId, comparison.fromRoundId, comparison.toRoundId].join()} comparison={comparison} profile={profile} />
						<RespondentsForm
							key={[comparison.profileId, comparison.roundId, comparison.firstRespondentId, comparison.secondRespondentId].join()}
							comparison={comparison}
							profile={profile}
						/>
					</div>
					{/* One respondent: the respondents card says so, and there are no results to show. */}
					{comparison.mode === 'respondents' && !comparison.secondRespondentId ? null : <Results comparison={comparison} />}
				</div>
			)}
		</PrintFrame>
	)
}

function ProfileChoice({ comparison, id }: { comparison: ComparisonView; id: string }) {
	if (comparison.profiles.length < 2) return <input type="hidden" name="profile" value={comparison.profileId ?? ''} />
	return (
		<FilterSelect
			id={id}
			label="Profile"
			name="profile"
			value={comparison.profileId}
			options={comparison.profiles.map((candidate) => ({ value: candidate.id, label: profileLabel(candidate) }))}
		/>
	)
}

function RoundsForm({ comparison, profile }: { comparison: ComparisonView; profile: ProfileSummary }) {
	const rounds = profile.rounds.toReversed().map((round) => ({ value: round.id, label: roundLabel(round) }))
	return (
		<CompareForm mode="rounds">
			<ProfileChoice comparison={comparison} id="rounds-profile" />
			<FilterSelect id="rounds-from" label="Earlier round" name="from" value={comparison.fromRoundId} options={rounds} />
			<FilterSelect id="rounds-to" label="Later round" name="to" value={comparison.toRoundId} options={rounds} />
		</CompareForm>
	)
}

const PANEL = 'flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6'

/** A comparison's choice: a GET form (it works without JavaScript) that names its mode, around that mode's fields. */
function CompareForm({ mode, children }: { mode: 'rounds' | 'respondents'; children: ReactNode }) {
	return (
		<Form method="get" aria-labelledby={`${mode}-form-heading`} className={PANEL}>
			<h2 id={`${mode}-form-heading`} className="text-lg font-semibold text-slate-900">
				{`Compare two ${mode}`}
			</h2>
			<input type="hidden" name="mode" value={mode} />
			{children}
			<div>
				<button type="submit" className={listSubmitClass}>
					{`Compare ${mode}`}
				</button>
			</div>
		</Form>
	)
}

/** One person answers this profile: said, rather than comparing them with themselves. */
function SoleRespondent({ comparison }: { comparison: ComparisonView }) {
	const name = comparison.respondents[0]?.label
	return name
		? `Only ${name} answers this profile, so there is no second respondent to compare with yet.`
		: 'Nobody answers this profile yet, so there are no respondents to compare.'
}

function RespondentsForm({ comparison, profile }: { comparison: ComparisonView; profile: ProfileSummary }) {
	if (!comparison.secondRespondentId) {
		return (
			<section aria-labelledby="respondents-form-heading" className={PANEL}>
				<h2 id="respondents-form-heading" className="text-lg font-semibold text-slate-900">
					Compare two respondents
				</h2>
				<p className="text-slate-700">
					<SoleRespondent comparison={comparison} />
				</p>
			</section>
		)
	}
	return (
		<CompareForm mode="respondents">
			<ProfileChoice comparison={comparison} id="respondents-profile" />
			<FilterSelect
				id="respondents-round"
				label="Round"
				name="round"
				value={comparison.roundId}
				options={profile.rounds.toReversed().map((round) => ({ value: round.id, label: roundLabel(round) }))}
			/>
			<FilterSelect id="respondents-first" label="First respondent" name="first" value={comparison.firstRespondentId} options={comparison.respondents} />
			<FilterSelect id="respondents-second" label="Second respondent" name="second" value={comparison.secondRespondentId} options={comparison.respondents} />
		</CompareForm>
	)
}

function Results({ comparison }: { comparison: ComparisonView }) {
	const [current, other] = comparison.seriesNames
	const heading = `${current} against ${other}`
	const both = comparison.differences.filter((row) => row.before && row.after)
	if (!both.length) {
		return (
			<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
				No domain has complete feedback on both sides of this comparison yet.
			</p>
		)
	}
	return (
		<section aria-labelledby="comparison-heading" className="flex min-w-0 flex-col gap-6 rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="comparison-heading" className="text-lg font-semibold text-slate-900">
				{heading}
			</h2>
			<ComparisonBars
				rows={both.map((row) => ({ name: row.domain, value: row.after!.score, comparison: row.before!.score }))}
				seriesNames={[current, other]}
				caption="Domain scores side by side"
			/>
			<Table caption="Differences by domain">
				<TableHeader>
					<Row>
						<Column>Domain</Column>
						<Column numeric>{other}</Column>
						<Column numeric>{current}</Column>
						<Column numeric>Change</Column>
						<Column>Band change</Column>
					</Row>
				</TableHeader>
				<TableBody>
					{comparison.differences.map((row) => (
						<Row key={row.domain}>
							<RowHeader>{row.domain}</RowHeader>
							<Cell numeric>{row.before ? formatScore(row.before.score) : '—'}</Cell>
							<Cell numeric>{row.after ? formatScore(row.after.score) : '—'}</Cell>
							<Cell numeric>{row.before && row.after ? formatScoreChange(row.after.score, row.before.score) : '—'}</Cell>
							<Cell>
								{row.before && row.after ? (
									row.bandChanged ? (
										// Positioned, so the sr-only "to" stays inside the scrolling table rather than widening the page at 320 px.
										<span className="relative inline-flex items-center gap-2">
											<BandBadge band={row.before.band} />
											<span aria-hidden="true">→</span>
											<span className="sr-only"> to </span>
											<BandBadge band={row.after.band} />
										</span>
									) : (
										`No change (${BAND_LABELS[row.after.band]})`
									)
								) : (
									'—'
								)}
							</Cell>
						</Row>
					))}
				</TableBody>
			</Table>
		</section>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? `${loaderData.student.name}: comparison` : 'Comparison'} · Spencer` }]
