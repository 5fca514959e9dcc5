import { data, redirect, useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router'
import { Form, useActingAs } from '#app/components/forms/Form.tsx'
import { z } from 'zod'
import { useArrivalFocus } from '#app/components/assessment/useArrivalFocus.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { unlessUndelivered } from '#app/lib/undelivered.ts'
import { FREQUENCY_SCALE } from '#app/models/enums.ts'
import { refused } from '#app/services/respond.server.ts'
import { getOwnFeedback, saveAnswers, stepperDomain } from '#app/services/answers.server.ts'
import type { Route } from './+types/stepper.ts'
import { requireAssessor } from './+parts/area.server.ts'

const ANSWER_PREFIX = 'answer-'

/** One answer posted by a radio group: a question and a value on the 0–4 scale, both present. */
const SingleAnswer = z.object({
	questionId: z.uuid(),
	value: z
		.string()
		.regex(/^[0-4]$/)
		.transform(Number),
})

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const feedback = await getOwnFeedback(app, params.id)
	const domain = await stepperDomain(app, feedback, params.domainId)
	return { feedback, domain, area: app.area }
}

/**
 * `answer`: one answer, posted by the radio group as it changes (JavaScript).
 * `next` / `previous` / `review`: the whole domain's form, which is how
 * answers are saved without JavaScript, then the next page.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireAssessor(context, request)
	const feedback = await getOwnFeedback(app, params.id)
	const domain = await stepperDomain(app, feedback, params.domainId)
	const base = `${app.area}/questionnaires/${feedback.id}/domains`
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	if (!['answer', 'next', 'previous', 'review'].includes(intent)) return data({ saved: null }, { status: 400 })
	let answers: { questionId: string; value: number }[]
	if (intent === 'answer') {
		// A missing or blank value must not become 0 ("Always").
		const single = SingleAnswer.safeParse({ questionId: formData.get('questionId'), value: formData.get('value') })
		if (!single.success) return data({ saved: null }, { status: 400 })
		answers = [single.data]
	} else {
		answers = [...formData.entries()]
			.filter(([name, value]) => name.startsWith(ANSWER_PREFIX) && typeof value === 'string' && /^[0-4]$/.test(value))
			.map(([name, value]) => ({ questionId: name.slice(ANSWER_PREFIX.length), value: Number(value) }))
	}
	try {
		await saveAnswers(app, feedback.id, domain.id, answers)
	} catch (error) {
		return refused(app, `${base}/${domain.id}`, error)
	}
	if (intent === 'answer') return { saved: answers[0]?.questionId ?? null }
	if (intent === 'previous' && domain.previousId) return redirect(`${base}/${domain.previousId}`)
	if (intent === 'next' && domain.nextId) return redirect(`${base}/${domain.nextId}`)
	if (intent === 'review') return redirect(`${base}?step=review`)
	return redirect(base)
}

/**
 * With JavaScript: an answer the browser could not deliver (the connection lost) stays chosen, and its question says
 * it is not saved yet; the domain's form sends it with the others (ADR 118). Only the background answer: the form's own
 * post, undelivered, gets the page that keeps what was sent (ADR 116).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	const form = await request.clone().formData()
	if (form.get('intent') !== 'answer') return serverAction()
	return unlessUndelivered(serverAction, { saved: null, unsent: String(form.get('questionId')) })
}

/**
 * Another domain's address is always read. An answer's save asks for nothing to be read again (ADR 118); when that save
 * is answered while the domain's form is already moving on to the next domain, the router finishes the move with what
 * the answer's save read, and without this the next domain's address would show this domain's questions (ADR 120).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate
}

export default function Stepper({ loaderData }: Route.ComponentProps) {
	const { feedback, domain, area } = loaderData
	const base = `${area}/questionnaires/${feedback.id}/domains`
	const editable = feedback.editable
	// After "Save and next" the keyboard starts at the new domain's heading, and a screen reader hears where it is.
	const { headingRef, liveRef } = useArrivalFocus(domain.id, `Domain ${domain.position} of ${domain.count}: ${domain.name}`)
	return (
		<>
			<BackLink to={base}>All domains</BackLink>
			<p ref={liveRef} aria-live="polite" className="sr-only" />
			<PageHeader title={domain.name} headingRef={headingRef}>
				{feedback.studentName} · {feedback.questionnaire} · round {feedback.round} · domain {domain.position} of {domain.count}
			</PageHeader>
			{domain.description ? <p className="-mt-4 mb-6 max-w-3xl text-slate-700">{domain.description}</p> : null}
			<p className="mb-4 max-w-3xl text-slate-800">
				{editable
					? 'How often is each of these true of the student? Arrow keys choose an answer, Tab moves to the next question and Enter saves the domain. Your answers are saved as you go; you can stop and come back later.'
					: 'This feedback can no longer be changed.'}
			</p>
			{/* Keyed by the feedback: another round of the same questionnaire has the same questions, and must not keep these choices. */}
			<Form key={feedback.id} method="post" className="flex flex-col gap-6">
				<ol className="flex flex-col gap-4">
					{domain.questions.map((question) => (
						<li key={question.id} id={`question-${question.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
							<Question question={question} editable={editable} />
						</li>
					))}
				</ol>
				{/*
					The way forward comes first: it is the form's default button, so Enter on a choice saves and moves on
					(implicit submission), and one Tab after the last question reaches it.
				*/}
				<div className="flex flex-wrap gap-3">
					{editable ? (
						<>
							{domain.nextId ? (
								<SubmitButton intent="next">Save and next domain</SubmitButton>
							) : (
								<SubmitButton intent="review">Save and review</SubmitButton>
							)}
							{domain.previousId ? (
								<SubmitButton intent="previous" variant="secondary">
									Previous domain
								</SubmitButton>
							) : null}
						</>
					) : (
						<>
							<ButtonLink to={domain.nextId ? `${base}/${domain.nextId}` : base}>{domain.nextId ? 'Next domain' : 'All domains'}</ButtonLink>
							{domain.previousId ? (
								<ButtonLink to={`${base}/${domain.previousId}`} variant="secondary">
									Previous domain
								</ButtonLink>
							) : null}
						</>
					)}
				</div>
			</Form>
		</>
	)
}

/** One question and its frequency scale; with JavaScript each choice is saved at once and says so. */
function Question({ question, editable }: { question: { id: string; number: number; text: string; value: number | null }; editable: boolean }) {
	const fetcher = useFetcher<{ saved: string | null; unsent?: string }>()
	const actingAs = useActingAs()
	const unsent = fetcher.state === 'idle' && fetcher.data?.unsent === question.id
	const status =
		fetcher.state !== 'idle'
			? 'Saving…'
			: fetcher.data?.saved === question.id
				? 'Saved'
				: unsent
					? 'Not saved yet: Spencer could not be reached. Your answer is kept here and sent with the others when you save the domain.'
					: ''
	return (
		<div className="flex flex-col gap-2">
			<RadioGroup
				label={`${question.number}. ${question.text}`}
				name={`${ANSWER_PREFIX}${question.id}`}
				defaultValue={question.value === null ? null : String(question.value)}
				orientation="horizontal"
				isDisabled={!editable}
				onChange={(value) => {
					// A save the page gives up on (the next choice, Sign out) is aborted; entry.client treats that as handled. An
					// answer changes nothing else on the page: nothing is read again after it (nor needs the server, ADR 118).
					void fetcher.submit({ intent: 'answer', questionId: question.id, value, ...actingAs }, { method: 'post', defaultShouldRevalidate: false })
				}}
			>
				{FREQUENCY_SCALE.map((option) => (
					<Radio key={option.value} value={String(option.value)}>
						{option.label}
					</Radio>
				))}
			</RadioGroup>
			<p role="status" className={`min-h-5 text-sm font-medium ${unsent ? 'text-red-800' : 'text-green-800'}`}>
				{status}
			</p>
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.domain.name}: ${loaderData.feedback.studentName}, ${loaderData.feedback.questionnaire} · Spencer` : 'Questionnaire · Spencer' },
]
