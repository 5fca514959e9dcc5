import { deadlinesFrom, idleEndAfter, timeoutState, withIdleEnd, type Deadlines, type SessionTimes, type TimeoutState } from '#app/lib/session-timeout.ts'

const NOTHING: TimeoutState = { kind: 'none' }

/**
 * The session's ends as one page in the browser follows them (ADR 099): a store the warning reads with
 * useSyncExternalStore, told by the page what happens (the server's answer for the page, each later answer, the
 * user's input) and keeping a timer for the next change. What to show at each moment is `timeoutState`'s.
 */
export class SessionClock {
	private deadlines: Deadlines | null = null
	private idleMs = 0
	private lastContact = 0
	private lastInteraction = 0
	private hardWarningSeen = false
	private staying = false
	private timer: ReturnType<typeof setTimeout> | undefined
	private snapshot: TimeoutState = NOTHING
	private readonly listeners = new Set<() => void>()

	private readonly stay: () => void

	/** @param stay asks the server to slide the idle end on (the warning's "Stay signed in"); `heard` follows its answer. */
	constructor(stay: () => void) {
		this.stay = stay
	}

	subscribe = (listener: () => void) => {
		this.listeners.add(listener)
		return () => {
			this.listeners.delete(listener)
			if (!this.listeners.size) clearTimeout(this.timer)
		}
	}

	getSnapshot = () => this.snapshot

	/** The server's answer for the page (or a revalidation of it): the ends, from `at` in this browser's clock. */
	setTimes(times: SessionTimes, at = Date.now()) {
		this.idleMs = times.idleMs
		this.lastContact = Math.max(this.lastContact, at)
		this.deadlines = deadlinesFrom(times, at)
		this.update()
	}

	/** Another answer from the server at `at` (a navigation, a form, a fetcher; or in another tab): the idle end slides on. */
	heard(at: number, idleEndsAt = idleEndAfter(at, this.idleMs)) {
		this.lastContact = Math.max(this.lastContact, at)
		this.staying = false
		if (this.deadlines) this.deadlines = withIdleEnd(this.deadlines, idleEndsAt)
		this.update()
	}

	/**
	 * Another tab's word (the value it stored): when it last heard from the server. Anything but a time (the key removed,
	 * emptied or written by something else) is ignored: read as a number it would be 0, and would cancel a "Stay signed
	 * in" still on its way.
	 */
	heardElsewhere(value: string | null) {
		const at = value ? Number(value) : NaN
		if (Number.isFinite(at) && at > 0) this.heard(at)
	}

	/** The server says the session is over already (signed out elsewhere): the page says so now, and keeps itself. */
	signedOut(at = Date.now()) {
		this.staying = false
		if (this.deadlines) this.deadlines = { ...this.deadlines, idleEndsAt: Math.min(this.deadlines.idleEndsAt, at) }
		this.update(at)
	}

	/** A key, a click, a change on the page. */
	interacted(at = Date.now()) {
		this.lastInteraction = at
	}

	/** The warning's "Stay signed in" (or Escape). */
	stayed() {
		if (this.staying) return
		this.staying = true
		this.stay()
		this.update()
	}

	/**
	 * The stay asked for did not reach the server (the connection lost, an instance restarting): the warning shows again,
	 * to be answered once it can be. Not asked again quietly: the page would ask and fail in a loop while offline.
	 */
	notReached() {
		this.staying = false
		this.lastInteraction = Math.min(this.lastInteraction, this.lastContact)
		this.update()
	}

	/** The hard end's warning read: it is not shown again before the end itself. */
	acknowledged() {
		this.hardWarningSeen = true
		this.update()
	}

	/** Works out what shows now and when that changes; a timer (or a woken tab calling it) comes back then. */
	update = (now = Date.now()) => {
		clearTimeout(this.timer)
		if (!this.deadlines) return
		const { state, changesAt } = timeoutState(this.deadlines, now, this.hardWarningSeen)
		// Someone busy on the page since its last request (typing a long answer) stays signed in without being asked.
		if (state.kind === 'idle-warning' && this.lastInteraction > this.lastContact && !this.staying) {
			this.staying = true
			this.stay()
		}
		const shown = state.kind === 'idle-warning' && this.staying ? NOTHING : state
		if (!sameState(shown, this.snapshot)) {
			this.snapshot = shown
			for (const listener of this.listeners) listener()
		}
		if (changesAt !== null) this.timer = setTimeout(this.update, Math.max(0, changesAt - now))
	}
}

function sameState(a: TimeoutState, b: TimeoutState): boolean {
	return JSON.stringify(a) === JSON.stringify(b)
}
