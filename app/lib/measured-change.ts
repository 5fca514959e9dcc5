import { answerNeed } from './scoring.ts'

/**
 * Measured change beside a plan entry's reviews (ADR 072): the score of the recommendation's theme in the last round
 * before the entry was added (the baseline) against the latest round since, on average over the round's submitted
 * feedback and per respondent. Scores are need (0–4, 4 the most need), so a fall is an improvement. One round is not
 * a change: without a baseline, or without a round since, the answer is "not enough data".
 */

export type ChangeRound = {
	id: string
	studentId: string
	/** The round's opening day, yyyy-mm-dd. */
	opensOn: string
	/** Counted from 1, as the screens count rounds. */
	number: number
	questionnaire: string
}

/** One submitted answer to a question of a theme, with who gave it. */
export type ThemeAnswer = { roundId: string; feedbackId: string; respondent: string; themeId: string; value: number; reverse: boolean }

export type ChangeLine = { label: string; before: number; after: number; change: number }

export type MeasuredChange =
	| { enough: false; roundsSince: number; why: string }
	| {
			enough: true
			baseline: Omit<ChangeRound, 'studentId' | 'id'>
			latest: Omit<ChangeRound, 'studentId' | 'id'>
			/** Rounds with submitted feedback since the entry was added. */
			roundsSince: number
			average: ChangeLine
			respondents: ChangeLine[]
	  }

export const NOT_ENOUGH_DATA = 'not enough data'

/** Mean over feedback of each feedback's mean need: every respondent weighs the same (as scoreRound does). */
function themeScore(answers: ThemeAnswer[]): number | null {
	const byFeedback = new Map<string, [number, number]>()
	for (const answer of answers) {
		const entry = byFeedback.get(answer.feedbackId) ?? [0, 0]
		entry[0] += answerNeed(answer.value, answer.reverse)
		entry[1] += 1
		byFeedback.set(answer.feedbackId, entry)
	}
	if (!byFeedback.size) return null
	let total = 0
	for (const [sum, count] of byFeedback.values()) total += sum / count
	return total / byFeedback.size
}

/**
 * The change for one plan entry: `addedOn` is the day it was added (yyyy-mm-dd, UK), `rounds` the student's rounds with
 * submitted feedback (any order), `answers` the submitted answers of those rounds to questions of `themeId`.
 */
export function measureChange(entry: { addedOn: string; themeId: string }, rounds: ChangeRound[], answers: ThemeAnswer[]): MeasuredChange {
	const ordered = rounds.toSorted((a, b) => a.opensOn.localeCompare(b.opensOn) || a.number - b.number)
	const themed = (round: ChangeRound) => answers.filter((answer) => answer.roundId === round.id && answer.themeId === entry.themeId)
	const before = ordered.filter((round) => round.opensOn <= entry.addedOn && themed(round).length)
	const since = ordered.filter((round) => round.opensOn > entry.addedOn && themed(round).length)
	const baseline = before.at(-1)
	const latest = since.at(-1)
	if (!baseline) return { enough: false, roundsSince: since.length, why: 'no round before the recommendation was added' }
	if (!latest) return { enough: false, roundsSince: 0, why: 'no round since the recommendation was added' }
	const was = themed(baseline)
	const now = themed(latest)
	const line = (label: string, a: ThemeAnswer[], b: ThemeAnswer[]): ChangeLine | null => {
		const scoreBefore = themeScore(a)
		const scoreAfter = themeScore(b)
		return scoreBefore === null || scoreAfter === null ? null : { label, before: scoreBefore, after: scoreAfter, change: scoreAfter - scoreBefore }
	}
	const people = [...new Set([...was, ...now].map((answer) => answer.respondent))].toSorted((a, b) => a.localeCompare(b))
	const { id: _b, studentId: _bs, ...baselineInfo } = baseline
	const { id: _l, studentId: _ls, ...latestInfo } = latest
	return {
		enough: true,
		baseline: baselineInfo,
		latest: latestInfo,
		roundsSince: since.length,
		average: line('Average', was, now)!,
		respondents: people.flatMap((person) => {
			const one = line(
				person,
				was.filter((answer) => answer.respondent === person),
				now.filter((answer) => answer.respondent === person),
			)
			return one ? [one] : []
		}),
	}
}

/** A change in need said as what it means: "need down 0.6" is better, "need up 0.3" worse. */
export function describeChange(change: number): string {
	const rounded = Math.round(Math.abs(change) * 10) / 10
	if (rounded === 0) return 'no change in need'
	return `need ${change < 0 ? 'down' : 'up'} ${rounded.toFixed(1)}`
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
	if (!values.length) return null
	const sorted = values.toSorted((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
