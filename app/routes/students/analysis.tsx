import { Form } from '#app/components/forms/Form.tsx'
import { DomainBars } from '#app/components/charts/DomainBars.tsx'
import { SeverityPie } from '#app/components/charts/SeverityPie.tsx'
import { FilterSelect, listSubmitClass } from '#app/components/lists/ListSearch.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { loadAnalysis, openStudent, printDetails } from '#app/services/student-views.server.ts'
import { DomainBands } from './+parts/DomainBands.tsx'
import { profileLabel, roundLabel } from './+parts/labels.ts'
import { PrintFrame } from './+parts/PrintFrame.tsx'
import { StudentHeader } from './+parts/StudentHeader.tsx'
import type { Route } from './+types/analysis.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin', 'needManager', 'professional')
	const student = await openStudent(app, params.id, 'analysis')
	const analysis = await loadAnalysis(app, student.id, new URL(request.url).searchParams)
	return { student, analysis, print: printDetails(app) }
}

export default function StudentAnalysis({ loaderData }: Route.ComponentProps) {
	const { student, analysis, print } = loaderData
	const profile = analysis.profiles.find((candidate) => candidate.id === analysis.profileId)
	const round = analysis.round
	return (
		<PrintFrame details={print} student={student.name}>
			<StudentHeader student={student} />
			{!profile ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
					No profiles yet: the analysis appears once a questionnaire has been answered about this student.
				</p>
			) : (
				<>
					<Form method="get" aria-label="Choose a round" className="mb-6 flex flex-wrap items-end gap-3">
						<FilterSelect
							id="analysis-profile"
							label="Profile"
							name="profile"
							value={analysis.profileId}
							options={analysis.profiles.map((candidate) => ({ value: candidate.id, label: profileLabel(candidate) }))}
						/>
						<FilterSelect
							id="analysis-round"
							label="Round"
							name="round"
							value={analysis.roundId}
							options={profile.rounds.toReversed().map((candidate) => ({ value: candidate.id, label: roundLabel(candidate) }))}
						/>
						<button type="submit" className={listSubmitClass}>
							Show
						</button>
					</Form>
					{!round || analysis.feedbackCount === 0 ? (
						<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
							No complete feedback in this round yet: scores appear once a respondent has submitted.
						</p>
					) : (
						<div className="flex flex-col gap-8">
							<p className="text-slate-700">
								{`${roundLabel(round)}. Scores are the mean need (0 none – 4 most) of each respondent’s complete feedback, averaged over the ${
									analysis.feedbackCount === 1 ? 'one respondent' : `${analysis.feedbackCount} respondents`
								}.`}
							</p>
							<p className="text-slate-700">
								{`Submitted by ${round.feedback
									.filter((feedback) => feedback.status === 'complete')
									.map((feedback) => feedback.name)
									.join(', ')}.`}
							</p>
							<section aria-labelledby="severity-heading" className="rounded-lg border border-slate-200 bg-white p-6">
								<h2 id="severity-heading" className="mb-4 text-lg font-semibold text-slate-900">
									Question severity
								</h2>
								<SeverityPie counts={analysis.severity} caption={`Questions by severity, round ${round.index + 1}`} />
							</section>
							<section aria-labelledby="domains-heading" className="rounded-lg border border-slate-200 bg-white p-6">
								<h2 id="domains-heading" className="mb-4 text-lg font-semibold text-slate-900">
									Domain scores
								</h2>
								<DomainBars
									domains={analysis.domains.map((domain) => ({ name: domain.name, score: domain.score }))}
									caption={`Domain scores, round ${round.index + 1}`}
								/>
								<div className="mt-6">
									<DomainBands caption="Domain bands" domains={analysis.domains} />
								</div>
							</section>
						</div>
					)}
				</>
			)}
		</PrintFrame>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? `${loaderData.student.name}: analysis` : 'Analysis'} · Spencer` }]
