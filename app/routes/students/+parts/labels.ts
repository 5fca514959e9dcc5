import { formatDate } from '#app/lib/format.ts'

/** "Round 3 · 05/10/2026 · 2 of 3 complete" (rounds count from 1 for people; they are stored from 0). */
export function roundLabel(round: { index: number; opensOn: string; completeCount: number; feedback: unknown[] }): string {
	return `Round ${round.index + 1} · ${formatDate(round.opensOn)} · ${round.completeCount} of ${round.feedback.length} complete`
}

export function profileLabel(profile: { questionnaireTitle: string; startDate: string; status: string }): string {
	return `${profile.questionnaireTitle} (from ${formatDate(profile.startDate)}${profile.status === 'closed' ? ', closed' : ''})`
}
