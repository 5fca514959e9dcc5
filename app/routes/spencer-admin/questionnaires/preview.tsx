import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { FREQUENCY_SCALE } from '#app/models/enums.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { getQuestionnaireStructure } from '#app/services/questionnaires.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import type { Route } from './+types/preview.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	return { questionnaire: await getQuestionnaireStructure(app, recordId(params.id)) }
}

/** The questionnaire as a respondent sees it: domain by domain, each question on the frequency scale (not answerable here). */
export default function PreviewQuestionnaire({ loaderData }: Route.ComponentProps) {
	const { questionnaire } = loaderData
	return (
		<>
			<p className="mb-4 flex flex-wrap gap-4 text-sm">
				<Link to={`/spencer-admin/questionnaires/${questionnaire.id}`}>Back to editing</Link>
				<Link to="/spencer-admin/questionnaires/list">All questionnaires</Link>
			</p>
			<PageHeader title={`Preview: ${questionnaire.title}`}>{questionnaire.description}</PageHeader>
			<p role="note" className="mb-6 max-w-3xl rounded-md border border-blue-300 bg-blue-50 p-4 text-blue-900">
				This is how staff see the questionnaire. The answers are disabled: nothing here is saved.
			</p>
			{questionnaire.domains.length === 0 ? <p className="text-slate-700">This questionnaire has no domains yet.</p> : null}
			<ol className="flex max-w-3xl flex-col gap-8">
				{questionnaire.domains.map((domain, domainIndex) => (
					<li key={domain.id}>
						<section aria-labelledby={`preview-domain-${domain.id}`} className="rounded-lg border border-slate-200 bg-white p-6">
							<h2 id={`preview-domain-${domain.id}`} className="text-lg font-semibold text-slate-900">
								{domainIndex + 1}. {domain.name}
							</h2>
							{domain.description ? <p className="mt-1 text-slate-700">{domain.description}</p> : null}
							<ol className="mt-4 flex flex-col gap-6">
								{domain.questions.map((question, questionIndex) => (
									<li key={question.id}>
										<RadioGroup
											name={`question-${question.id}`}
											label={`${domainIndex + 1}.${questionIndex + 1} ${question.text}`}
											orientation="horizontal"
											isDisabled
										>
											{FREQUENCY_SCALE.map((option) => (
												<Radio key={option.value} value={String(option.value)}>
													{option.label}
												</Radio>
											))}
										</RadioGroup>
									</li>
								))}
							</ol>
							{domain.questions.length === 0 ? <p className="mt-4 text-slate-700">No questions in this domain yet.</p> : null}
						</section>
					</li>
				))}
			</ol>
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Preview: ${loaderData?.questionnaire.title ?? 'Questionnaire'} · Spencer` }]
