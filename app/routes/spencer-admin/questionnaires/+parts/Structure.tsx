import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import type { DomainView, QuestionView } from '#app/services/questionnaires.server.ts'

/**
 * After a move the page comes back with the pressed button's id as its hash:
 * focus returns to it (or to its partner, when the item has reached an end and
 * the button is disabled), so a keyboard user can keep moving the same item.
 */
function useFocusFromHash() {
	const location = useLocation()
	useEffect(() => {
		const match = /^#(domain|question)-(up|down)-(.+)$/.exec(location.hash)
		if (!match) return
		const [, kind, direction, id] = match
		const pressed = document.getElementById(`${kind}-${direction}-${id}`)
		const partner = document.getElementById(`${kind}-${direction === 'up' ? 'down' : 'up'}-${id}`)
		const target = [pressed, partner].find((button) => button instanceof HTMLButtonElement && !button.disabled)
		target?.focus()
	}, [location.hash, location.key])
}

function MoveButtons({ kind, id, label, isFirst, isLast }: { kind: 'domain' | 'question'; id: string; label: string; isFirst: boolean; isLast: boolean }) {
	return (
		<Form method="post" preventScrollReset className="flex gap-2">
			<input type="hidden" name="id" value={id} />
			<SubmitButton id={`${kind}-up-${id}`} intent={`${kind}-up`} variant="secondary" size="sm" isDisabled={isFirst} aria-label={`Move up: ${label}`}>
				Move up
			</SubmitButton>
			<SubmitButton
				id={`${kind}-down-${id}`}
				intent={`${kind}-down`}
				variant="secondary"
				size="sm"
				isDisabled={isLast}
				aria-label={`Move down: ${label}`}
			>
				Move down
			</SubmitButton>
		</Form>
	)
}

export function Structure({ domains, locked }: { domains: DomainView[]; locked: boolean }) {
	useFocusFromHash()
	if (domains.length === 0) {
		return <p className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-slate-700">No domains yet. Add the first one.</p>
	}
	return (
		<ol className="flex flex-col gap-6">
			{domains.map((domain, index) => (
				<li key={domain.id} id={`domain-${domain.id}`} className="scroll-mt-24">
					<section aria-labelledby={`domain-heading-${domain.id}`} className="rounded-lg border border-slate-200 bg-white p-5">
						<div className="flex flex-wrap items-start justify-between gap-3">
							<div className="min-w-0">
								<h3 id={`domain-heading-${domain.id}`} className="text-lg font-semibold text-slate-900">
									{index + 1}. {domain.name}
								</h3>
								{domain.description ? <p className="mt-1 text-sm text-slate-700">{domain.description}</p> : null}
							</div>
							<div className="flex flex-wrap items-center gap-2">
								<ModalButton modal="edit-domain" params={{ id: domain.id }} variant="secondary" size="sm">
									Edit domain<span className="sr-only">: {domain.name}</span>
								</ModalButton>
								{locked ? null : (
									<>
										<MoveButtons kind="domain" id={domain.id} label={domain.name} isFirst={index === 0} isLast={index === domains.length - 1} />
										<ModalButton
											modal="delete-domain"
											params={{ id: domain.id }}
											variant="danger"
											size="sm"
										>
											Delete domain<span className="sr-only">: {domain.name}</span>
										</ModalButton>
									</>
								)}
							</div>
						</div>
						<Questions domain={domain} locked={locked} />
						{locked ? null : (
							<div className="mt-4">
								<ModalButton
									modal="add-question"
									params={{ domainId: domain.id }}
									variant="secondary"
									size="sm"
								>
									Add question<span className="sr-only"> to {domain.name}</span>
								</ModalButton>
							</div>
						)}
					</section>
				</li>
			))}
		</ol>
	)
}

function Questions({ domain, locked }: { domain: DomainView; locked: boolean }) {
	if (domain.questions.length === 0) return <p className="mt-4 text-sm text-slate-700">No questions in this domain yet.</p>
	return (
		<ol aria-label={`Questions in ${domain.name}`} className="mt-4 flex flex-col divide-y divide-slate-200 border-y border-slate-200">
			{domain.questions.map((question: QuestionView, index) => (
				<li key={question.id} id={`question-${question.id}`} className="flex scroll-mt-24 flex-wrap items-center justify-between gap-3 py-3">
					<div className="flex min-w-0 flex-1 flex-col gap-1">
						<p className="text-slate-900">
							<span className="me-2 font-semibold tabular-nums">{index + 1}.</span>
							{question.text}
						</p>
						<p className="flex flex-wrap gap-2">
							<Badge variant={question.themeName ? 'info' : 'neutral'}>{question.themeName ? `Theme: ${question.themeName}` : 'No theme'}</Badge>
							{question.reverse ? <Badge variant="warning">Reverse-scored</Badge> : null}
						</p>
					</div>
					<div className="flex flex-wrap items-center gap-2">
						<ModalButton modal="edit-question" params={{ id: question.id }} variant="secondary" size="sm">
							Edit<span className="sr-only"> question: {question.text}</span>
						</ModalButton>
						{locked ? null : (
							<>
								<MoveButtons
									kind="question"
									id={question.id}
									label={question.text}
									isFirst={index === 0}
									isLast={index === domain.questions.length - 1}
								/>
								<ModalButton
									modal="delete-question"
									params={{ id: question.id }}
									variant="danger"
									size="sm"
								>
									Delete<span className="sr-only"> question: {question.text}</span>
								</ModalButton>
							</>
						)}
					</div>
				</li>
			))}
		</ol>
	)
}
