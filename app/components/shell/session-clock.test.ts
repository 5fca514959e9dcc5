import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { HARD_WARNING_MS, IDLE_WARNING_MS, TOUCH_AFTER_MS, type SessionTimes } from '#app/lib/session-timeout.ts'
import { SessionClock } from './session-clock.ts'

const MINUTE = 60_000
const IDLE = 30 * MINUTE
/** A page answered with 30 minutes to its idle end and 12 hours to the session's absolute end. */
const fresh: SessionTimes = { idleMs: IDLE, idleEndsInMs: IDLE, hardEndsInMs: 12 * 60 * MINUTE, hardEnd: 'session' }

describe('SessionClock', () => {
	let stay: ReturnType<typeof vi.fn<() => void>>
	let clock: SessionClock
	let seen: string[]
	beforeEach(() => {
		vi.useFakeTimers({ now: 1_000_000 })
		stay = vi.fn<() => void>()
		clock = new SessionClock(stay)
		seen = []
		clock.subscribe(() => seen.push(clock.getSnapshot().kind))
	})
	afterEach(() => vi.useRealTimers())

	test('warns two minutes before the idle end, and says it has ended at the end', () => {
		clock.setTimes(fresh)
		vi.advanceTimersByTime(IDLE - IDLE_WARNING_MS - 1)
		expect(clock.getSnapshot().kind).toBe('none')
		vi.advanceTimersByTime(1)
		expect(clock.getSnapshot()).toEqual({ kind: 'idle-warning', endsAt: 1_000_000 + IDLE })
		vi.advanceTimersByTime(IDLE_WARNING_MS)
		expect(clock.getSnapshot()).toEqual({ kind: 'ended', hardEnd: null })
		expect(seen).toEqual(['idle-warning', 'ended'])
		expect(stay).not.toHaveBeenCalled()
	})

	test('a stay the server answers with "signed out already" (another tab signed out) says it has ended, at once', () => {
		clock.setTimes(fresh)
		vi.advanceTimersByTime(IDLE - IDLE_WARNING_MS)
		clock.stayed()
		expect(stay).toHaveBeenCalledTimes(1)
		clock.signedOut()
		expect(clock.getSnapshot()).toEqual({ kind: 'ended', hardEnd: null })
		expect(seen).toEqual(['idle-warning', 'none', 'ended'])
	})

	test('each answer from the server moves the idle end on: 30 minutes less the touch’s minute from then', () => {
		clock.setTimes(fresh)
		vi.advanceTimersByTime(20 * MINUTE)
		clock.heard(Date.now())
		vi.advanceTimersByTime(IDLE - TOUCH_AFTER_MS - IDLE_WARNING_MS - 1)
		expect(clock.getSnapshot().kind).toBe('none')
		vi.advanceTimersByTime(1)
		expect(clock.getSnapshot().kind).toBe('idle-warning')
	})

	test('an answer heard late never moves the end back', () => {
		clock.setTimes(fresh)
		clock.heard(Date.now() - 20 * MINUTE)
		vi.advanceTimersByTime(IDLE - IDLE_WARNING_MS)
		expect(clock.getSnapshot().kind).toBe('idle-warning')
	})

	test('"Stay signed in" asks the server once and hides the warning; its answer sets the new end', () => {
		clock.setTimes(fresh)
		vi.advanceTimersByTime(IDLE - IDLE_WARNING_MS)
		clock.stayed()
		clock.stayed()
		expect(stay).toHaveBeenCalledTimes(1)
		expect(clock.getSnapshot().kind).toBe('none')
		clock.heard(Date.now(), Date.now() + IDLE)
		vi.advanceTimersByTime(IDLE - IDLE_WARNING_MS - 1)
		expect(clock.getSnapshot().kind).toBe('none')
		vi.advanceTimersByTime(1)
		expect(clock.getSnapshot().kind).toBe('idle-warning')
	})

	test('another tab’s word moves the end on; anything but a time does not cancel a "Stay signed in" on its way', () => {
		clock.setTimes(fresh)
		vi.advanceTimersByTime(IDLE - IDLE_WARNING_MS)
		clock.stayed()
		for (const value of [null, '', '0', 'not a time', '-5', 'Infinity']) clock.heardElsewhere(value)
		expect(clock.getSnapshot().kind).toBe('none')
		expect(seen).toEqual(['idle-warning', 'none'])
		clock.heardElsewhere(String(Date.now()))
		vi.advanceTimersByTime(IDLE - TOUCH_AFTER_MS - IDLE_WARNING_MS - 1)
		expect(clock.getSnapshot().kind).toBe('none')
		vi.advanceTimersByTime(1)
		expect(clock.getSnapshot().kind).toBe('idle-warning')
	})

	/** Someone types 10 minutes after the page's answer, then nothing until the warning's time: the stay is asked quietly. */
	function busyUntilTheWarning() {
		clock.setTimes(fresh)
		vi.advanceTimersByTime(10 * MINUTE)
		clock.interacted()
		vi.advanceTimersByTime(IDLE - 10 * MINUTE - IDLE_WARNING_MS)
		expect(stay).toHaveBeenCalledTimes(1)
	}

	test('someone busy on the page since its last request stays signed in without being asked', () => {
		busyUntilTheWarning()
		expect(clock.getSnapshot().kind).toBe('none')
		expect(seen).toEqual([])
	})

	test('with no answer to "Stay signed in", the end is still said', () => {
		clock.setTimes(fresh)
		clock.interacted(Date.now() + 1)
		vi.advanceTimersByTime(IDLE)
		expect(stay).toHaveBeenCalledTimes(1)
		expect(clock.getSnapshot()).toEqual({ kind: 'ended', hardEnd: null })
	})

	test('a stay that did not reach the server shows the warning again, to be answered, and is not asked again by itself', () => {
		busyUntilTheWarning()
		clock.notReached()
		expect(clock.getSnapshot()).toEqual({ kind: 'idle-warning', endsAt: 1_000_000 + IDLE })
		vi.advanceTimersByTime(MINUTE)
		expect(stay).toHaveBeenCalledTimes(1)
		clock.stayed()
		expect(stay).toHaveBeenCalledTimes(2)
		expect(clock.getSnapshot().kind).toBe('none')
	})

	test('a hard end before the idle end: warned five minutes before, once, then ended, whatever the answers', () => {
		clock.setTimes({ ...fresh, hardEndsInMs: 20 * MINUTE, hardEnd: 'impersonation' })
		vi.advanceTimersByTime(20 * MINUTE - HARD_WARNING_MS)
		expect(clock.getSnapshot()).toEqual({ kind: 'hard-warning', endsAt: 1_000_000 + 20 * MINUTE, hardEnd: 'impersonation' })
		clock.acknowledged()
		expect(clock.getSnapshot().kind).toBe('none')
		clock.heard(Date.now())
		vi.advanceTimersByTime(HARD_WARNING_MS)
		expect(clock.getSnapshot()).toEqual({ kind: 'ended', hardEnd: 'impersonation' })
		expect(stay).not.toHaveBeenCalled()
	})

	test('a tab woken late shows where things stand at once', () => {
		clock.setTimes(fresh)
		vi.setSystemTime(Date.now() + 2 * IDLE)
		clock.update()
		expect(clock.getSnapshot().kind).toBe('ended')
	})
})
