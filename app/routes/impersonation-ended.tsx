import { useEffect, useState, type FocusEvent } from 'react'
import { redirect, useNavigate } from 'react-router'
import { Logo } from '#app/components/Logo.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import { requireUser } from '#app/services/guards.server.ts'
import { ENDED_PATH, ENDED_TOAST, EXIT_TO, IMPERSONATION_ENDED } from '#app/services/impersonation.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/impersonation-ended.ts'

/** How long the notice stays before the schools list (ADR 026). */
const DELAY_MS = 1500

/**
 * Where an expired or invalid impersonation lands (ADR 026): the request that
 * carried it has already put the admin back as themselves and flashed the
 * warning toast. The page says so, carries code 10002, and after 1.5 s moves
 * on (a meta refresh without JavaScript, a timer with it, held while the
 * pointer is over the notice or focus is in it) to `?continue`, which flashes
 * the same toast again for the schools list: there it stays until the next
 * page without JavaScript, and for the rest of its time with it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
	const { em, auth } = await requireUser(context, request)
	// Still impersonating: nothing has ended.
	if (auth.impersonatorId) throw redirect('/')
	if (new URL(request.url).searchParams.has('continue')) throw await redirectWithToast(em, EXIT_TO, ENDED_TOAST)
	return { next: `${ENDED_PATH}?continue`, code: IMPERSONATION_ENDED }
}

export default function ImpersonationEnded({ loaderData: { next, code } }: Route.ComponentProps) {
	const navigate = useNavigate()
	const [pointerIn, setPointerIn] = useState(false)
	const [focusIn, setFocusIn] = useState(false)
	const held = pointerIn || focusIn
	useEffect(() => {
		if (held) return
		const timer = window.setTimeout(() => void navigate(next, { replace: true }), DELAY_MS)
		return () => window.clearTimeout(timer)
	}, [held, navigate, next])
	const onBlur = (event: FocusEvent<HTMLElement>) => {
		if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(false)
	}
	return (
		<main className="flex min-h-screen items-center justify-center px-6 py-12" data-error-code={code}>
			{/* Without JavaScript only: with it, the timer moves on (a refresh would reload the whole page). */}
			<noscript>
				<meta httpEquiv="refresh" content={`${DELAY_MS / 1000};url=${next}`} />
			</noscript>
			<div
				className="w-full max-w-sm"
				onPointerEnter={() => setPointerIn(true)}
				onPointerLeave={() => setPointerIn(false)}
				onFocus={() => setFocusIn(true)}
				onBlur={onBlur}
			>
				<Logo className="mb-10" />
				<h1 className="text-3xl font-semibold text-slate-900">Back to your own account</h1>
				<p className="mt-2 text-slate-700">Your impersonation has ended (code {code}). Taking you to the schools list…</p>
				<p className="mt-8">
					<Link to={next} replace className="font-medium">
						Go to schools now
					</Link>
				</p>
			</div>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Impersonation ended · Spencer' }]
