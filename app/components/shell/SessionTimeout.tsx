import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useFetchers, useLocation, useNavigation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { buttonStyles } from '#app/components/ui/button-styles.ts'
import { PlainButton } from '#app/components/ui/PlainButton.tsx'
import { storeLocally } from '#app/lib/local-storage.ts'
import type { SessionTimes, TimeoutState } from '#app/lib/session-timeout.ts'
import { SessionClock } from './session-clock.ts'

/** Where a tab writes when it last heard from the server, so that the other tabs of the same session know (ADR 099). */
const CONTACT_KEY = 'spencer:session-contact'
const INTERACTIONS = ['keydown', 'pointerdown', 'input'] as const
const NOTHING: TimeoutState = { kind: 'none' }
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

/**
 * The warning before a session ends (WCAG 2.2.1, ADR 099), in the shell of every signed-in page. Needs JavaScript (it is
 * a timer); without it the session ends as it always did, and the next page asks to sign in again.
 *
 * - Two minutes before the idle end, someone who has not touched the page since its last request is asked whether to
 *   stay signed in (one button, or Escape); someone who has (typing a long answer) stays signed in without being asked.
 * - Five minutes before a hard end (the session's 12 hours, an impersonation's hour), it says when, once.
 * - At the end, it says so and leaves the page as it is, so that what was typed can be copied before signing in again.
 *
 * Each answer from the server (a navigation, a form, a fetcher, in any tab of this browser) moves the idle end on. The
 * dialog is the browser's own modal `<dialog>`: the page behind is inert, and focus returns where it was on close.
 */
export function SessionTimeout({ times }: { times: SessionTimes }) {
	const [sessionClock] = useState(() => {
		const created: SessionClock = new SessionClock(() => void stayOnServer(created))
		return created
	})
	const state = useSyncExternalStore(sessionClock.subscribe, sessionClock.getSnapshot, () => NOTHING)
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')

	// The server's answer for this page (or a revalidation's).
	useEffect(() => sessionClock.setTimes(times), [sessionClock, times])
	// Any other answer slides the idle end on, and the other tabs are told.
	const wasBusy = useRef(false)
	useEffect(() => {
		if (wasBusy.current && !busy) {
			const at = Date.now()
			sessionClock.heard(at)
			storeLocally(CONTACT_KEY, String(at))
		}
		wasBusy.current = busy
	}, [sessionClock, busy])
	useEffect(() => {
		const onStorage = (event: StorageEvent) => {
			if (event.key === CONTACT_KEY) sessionClock.heardElsewhere(event.newValue)
		}
		const onInteraction = () => sessionClock.interacted()
		// A laptop woken from sleep, a tab brought back: its timers may have been held back.
		const onVisible = () => sessionClock.update()
		window.addEventListener('storage', onStorage)
		document.addEventListener('visibilitychange', onVisible)
		for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, { capture: true, passive: true })
		return () => {
			window.removeEventListener('storage', onStorage)
			document.removeEventListener('visibilitychange', onVisible)
			for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, { capture: true })
		}
	}, [sessionClock])

	return <TimeoutDialog state={state} onStay={() => sessionClock.stayed()} onAcknowledge={() => sessionClock.acknowledged()} />
}

/**
 * "Stay signed in" (the warning's button, or the quiet stay of someone busy on the page), posted outside the router
 * (ADR 121): a router fetcher's answer is the router's, and one answered while a navigation loads could finish that
 * navigation with nothing read (ADR 120); offline, the router would reload the page to load the route's module. Answered
 * with the server's own idle end, or that the session was over already; not reached, the warning shows again.
 */
async function stayOnServer(sessionClock: SessionClock) {
	let answer: { idleEndsInMs?: unknown; signedOut?: unknown }
	try {
		const response = await fetch('/session/extend', { method: 'POST', body: new URLSearchParams({ background: 'true' }), headers: { Accept: 'application/json' } })
		// Sent elsewhere (an impersonation that ended since the page was drawn): the page goes there, as a navigation would.
		if (response.redirected) {
			window.location.assign(response.url)
			return
		}
		answer = await response.json()
	} catch {
		sessionClock.notReached()
		return
	}
	const at = Date.now()
	if (answer.signedOut === true) sessionClock.signedOut(at)
	else if (typeof answer.idleEndsInMs === 'number') {
		sessionClock.heard(at, at + answer.idleEndsInMs)
		storeLocally(CONTACT_KEY, String(at))
	} else sessionClock.notReached()
}

/**
 * The browser's modal dialog, in the page only while it has something to say: a new state is a new dialog, opened
 * (and so announced), and each is closed before it goes, which gives the focus back to the page's element. (A closed
 * dialog left in the page would also count, for the URL modals' focus return, as a modal open over them.)
 */
function TimeoutDialog({ state, onStay, onAcknowledge }: { state: TimeoutState; onStay: () => void; onAcknowledge: () => void }) {
	const [endedClosed, setEndedClosed] = useState(false)
	if (state.kind === 'none' || (state.kind === 'ended' && endedClosed)) return null
	/** Escape, or a button: what closing means depends on what it said. */
	function close() {
		if (state.kind === 'idle-warning') onStay()
		else if (state.kind === 'hard-warning') onAcknowledge()
		else if (state.kind === 'ended') setEndedClosed(true)
	}
	return <OpenDialog key={state.kind} state={state} onClose={close} />
}

type ShownState = Exclude<TimeoutState, { kind: 'none' }>

function OpenDialog({ state, onClose }: { state: ShownState; onClose: () => void }) {
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	const textId = useId()
	const { pathname, search } = useLocation()
	// Opened as it is put in the page; closed before it is taken out (a layout effect's cleanup runs first).
	useLayoutEffect(() => {
		const dialog = ref.current!
		dialog.showModal()
		dialog.querySelector<HTMLElement>('[data-first-focus]')?.focus()
		return () => dialog.close()
	}, [])

	const at = state.kind === 'idle-warning' || state.kind === 'hard-warning' ? clock.format(state.endsAt) : ''
	const text = wording(state, at)
	return (
		<dialog
			ref={ref}
			role="alertdialog"
			aria-labelledby={titleId}
			aria-describedby={textId}
			onCancel={(event) => {
				event.preventDefault()
				onClose()
			}}
			// Closed by the browser itself (a second Escape may not be refused): the same as closing it.
			onClose={onClose}
			className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-300 bg-white p-6 text-left text-slate-900 shadow-2xl backdrop:bg-slate-900/50 forced-colors:bg-[Canvas]"
		>
			<h2 id={titleId} className="text-lg font-semibold">
				{text.title}
			</h2>
			<p id={textId} className="mt-2">
				{text.body}
			</p>
			<div className="mt-6 flex flex-wrap justify-end gap-3">
				{state.kind === 'idle-warning' ? (
					<>
						<Form method="post" action="/auth/logout">
							<PlainButton type="submit" variant="secondary">
								Sign out
							</PlainButton>
						</Form>
						<PlainButton variant="primary" data-first-focus onClick={onClose}>
							Stay signed in
						</PlainButton>
					</>
				) : state.kind === 'hard-warning' ? (
					<PlainButton variant="primary" data-first-focus onClick={onClose}>
						OK
					</PlainButton>
				) : (
					<>
						<PlainButton variant="secondary" onClick={onClose}>
							Close
						</PlainButton>
						{/* The page itself, loaded again: the server then asks to sign in, or ends the impersonation. */}
						<a href={pathname + search} data-first-focus className={buttonStyles({ variant: 'primary', isFocusVisible: false, native: true })}>
							{state.hardEnd === 'impersonation' ? 'Continue' : 'Sign in again'}
						</a>
					</>
				)}
			</div>
		</dialog>
	)
}

function wording(state: ShownState, at: string): { title: string; body: string } {
	switch (state.kind) {
		case 'idle-warning':
			return {
				title: 'You will be signed out soon',
				body: `For your security, Spencer signs you out after 30 minutes without activity. You will be signed out at ${at} unless you stay signed in; anything not saved would be lost.`,
			}
		case 'hard-warning':
			return state.hardEnd === 'impersonation'
				? {
						title: `Impersonation ends at ${at}`,
						body: 'Impersonation lasts an hour. Save any change before then; you can start it again from the school’s page.',
					}
				: {
						title: `Your session ends at ${at}`,
						body: 'For your security, a session lasts at most 12 hours. Save your work before then; you will then sign in again.',
					}
		case 'ended':
			return state.hardEnd === 'impersonation'
				? {
						title: 'Impersonation has ended',
						body: 'Changes can no longer be saved as this user. Anything typed on this page is still here to copy.',
					}
				: {
						title: 'You have been signed out',
						body: 'Your session has ended, so changes can no longer be saved. Anything typed on this page is still here: copy it before you sign in again.',
					}
	}
}
