/**
 * When a signed-in page warns that the session is about to end (WCAG 2.2.1, ADR 099). Two limits end a session:
 *
 * - **idle**: 30 minutes after the last request to the server (each one slides it on). The warning offers to stay
 *   signed in, which is one request;
 * - **hard**: the session's 12 hours, or a platform admin's hour of impersonation, which nothing extends (both are
 *   security limits). The warning says when, so that work can be saved first.
 *
 * Pure: the browser's component (app/components/shell/SessionTimeout.tsx) feeds it the times, in the browser's clock.
 */

/** How long before the idle end the warning shows: time to read it and press one button (2.2.1 asks for 20 s). */
export const IDLE_WARNING_MS = 2 * 60_000
/** How long before a hard end its warning shows: time to finish and save a form. */
export const HARD_WARNING_MS = 5 * 60_000
/**
 * How stale a session's last request may get before a request slides its idle end on again (app/services/session.server.ts):
 * after any request, the idle end is at least the idle length less this, from then.
 */
export const TOUCH_AFTER_MS = 60_000

export type HardEnd = 'session' | 'impersonation'

/** What the shell's loader tells the page, as durations from the moment it answered (clocks may differ). */
export type SessionTimes = {
	/** The idle length (30 minutes). */
	idleMs: number
	/** From the answer to the idle end. */
	idleEndsInMs: number
	/** From the answer to the hard end, and which limit it is. */
	hardEndsInMs: number
	hardEnd: HardEnd
}

/** The same, in the browser's clock. */
export type Deadlines = { idleEndsAt: number; hardEndsAt: number; hardEnd: HardEnd }

export type TimeoutState =
	| { kind: 'none' }
	| { kind: 'idle-warning'; endsAt: number }
	| { kind: 'hard-warning'; endsAt: number; hardEnd: HardEnd }
	| { kind: 'ended'; hardEnd: HardEnd | null }

export function deadlinesFrom(times: SessionTimes, now: number): Deadlines {
	return { idleEndsAt: now + times.idleEndsInMs, hardEndsAt: now + times.hardEndsInMs, hardEnd: times.hardEnd }
}

/** The idle end after a request the server answered at `at`: at least this far on. */
export function idleEndAfter(at: number, idleMs: number): number {
	return at + idleMs - TOUCH_AFTER_MS
}

/** The idle end moved on to `idleEndsAt`, never back (an answer heard late says less than one heard before it). */
export function withIdleEnd(deadlines: Deadlines, idleEndsAt: number): Deadlines {
	return idleEndsAt > deadlines.idleEndsAt ? { ...deadlines, idleEndsAt } : deadlines
}

/**
 * What the page shows at `now`, and when that next changes (null: never). A hard end before the idle end wins; a hard
 * warning the user has closed (`hardWarningSeen`) stays closed until the end itself.
 */
export function timeoutState(deadlines: Deadlines, now: number, hardWarningSeen: boolean): { state: TimeoutState; changesAt: number | null } {
	const { idleEndsAt, hardEndsAt, hardEnd } = deadlines
	if (hardEndsAt <= idleEndsAt) {
		if (now >= hardEndsAt) return { state: { kind: 'ended', hardEnd }, changesAt: null }
		if (now >= hardEndsAt - HARD_WARNING_MS && !hardWarningSeen) return { state: { kind: 'hard-warning', endsAt: hardEndsAt, hardEnd }, changesAt: hardEndsAt }
		return { state: { kind: 'none' }, changesAt: hardWarningSeen ? hardEndsAt : hardEndsAt - HARD_WARNING_MS }
	}
	if (now >= idleEndsAt) return { state: { kind: 'ended', hardEnd: null }, changesAt: null }
	if (now >= idleEndsAt - IDLE_WARNING_MS) return { state: { kind: 'idle-warning', endsAt: idleEndsAt }, changesAt: idleEndsAt }
	return { state: { kind: 'none' }, changesAt: idleEndsAt - IDLE_WARNING_MS }
}
