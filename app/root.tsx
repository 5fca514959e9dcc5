import { useEffect, useState } from 'react'
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation, useRouteLoaderData } from 'react-router'
import { ActingAsChangedPage } from '#app/components/forms/ActingAsChangedPage.tsx'
import { useNonce } from '#app/components/nonce.tsx'
import { PageAnnouncer } from '#app/components/ui/PageAnnouncer.tsx'
import { RouteTransition } from '#app/components/ui/RouteTransition.tsx'
import { Toasts } from '#app/components/ui/Toasts.tsx'
import { getAppContext } from '#app/context.ts'
import { isActingAsChanged, keptFields, type ActingAsChanged } from '#app/lib/acting-as.ts'
import { ERROR_CATALOGUE, METHOD_NOT_ALLOWED } from '#app/lib/errors.ts'
import { setBrowserScope } from '#app/lib/monitoring.client.ts'
import { putBackWhatWasTyped } from '#app/lib/typed-before-hydration.client.ts'
import { isUndelivered } from '#app/lib/undelivered.ts'
import { methodNotAllowedMiddleware } from '#app/services/api.server.ts'
import { getEnv } from '#app/services/env.server.ts'
import { inputGuardMiddleware } from '#app/services/input-guard.server.ts'
import { actingAsMiddleware } from '#app/services/acting-as.server.ts'
import { failedWriteMiddleware, monitoringConfig } from '#app/services/monitoring.server.ts'
import { queryStatsMiddleware, requestContextMiddleware } from '#app/services/request.server.ts'
import { readToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/root.ts'
import stylesheet from './app.css?url'

export const middleware: Route.MiddlewareFunction[] = [queryStatsMiddleware, methodNotAllowedMiddleware, inputGuardMiddleware, requestContextMiddleware, failedWriteMiddleware, actingAsMiddleware]

export const links: Route.LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	// A stylesheet with a precedence is one React places before the scripts' module preloads: on a slow link the page's
	// one stylesheet then arrives ahead of the JavaScript, not behind 120 KB of it (first paint; ADR 054).
	{ rel: 'stylesheet', href: stylesheet, precedence: 'default' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
	const { em, auth } = getAppContext(context)
	const { toast, clear } = await readToast(em, request)
	const sentry = monitoringConfig(getEnv())
	const sentryScope = sentry
		? { userId: auth?.userId ?? null, impersonatedEmail: auth?.impersonatorId ? auth.email : null }
		: null
	return data({ toasts: toast ? [toast] : [], sentry, sentryScope }, clear ? { headers: { 'Set-Cookie': clear } } : undefined)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const rootData = useRouteLoaderData<typeof loader>('root')
	const { userId = null, impersonatedEmail = null } = rootData?.sentryScope ?? {}
	useEffect(() => setBrowserScope({ userId, impersonatedEmail }), [userId, impersonatedEmail])
	// When the page became interactive: `npm run bench:slow` reads it (performance.getEntriesByName).
	useEffect(() => {
		performance.mark('spencer:hydrated')
		// What was typed before the page hydrated goes back in its fields, once the controls that hydration replaces (a
		// native select by React Aria's, a URL modal's plain dialog) have been replaced, in the task after this one (ADR 112).
		const timer = setTimeout(putBackWhatWasTyped)
		return () => clearTimeout(timer)
	}, [])
	return (
		<html lang="en-GB">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{rootData?.sentry ? <meta name="sentry" content={JSON.stringify({ ...rootData.sentry, scope: rootData.sentryScope })} /> : null}
				<Meta />
				{/* Links need no nonce (same-origin styles and preloads); an empty one keeps hydration matching. */}
				<Links nonce="" />
			</head>
			<body className="min-h-screen bg-white text-slate-900 antialiased">
				{children}
				<PageAnnouncer />
				<SubmissionFollower />
				<Toasts toasts={rootData?.toasts ?? []} />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return (
		<RouteTransition>
			<Outlet />
		</RouteTransition>
	)
}

/** The form a navigation is sending, while it is: what the page of an undelivered form keeps (ADR 116). */
let sending: { action: string; form: FormData } | null = null

/** Follows the router's submissions for `sending`; its own small component, so that nothing else draws again with it. */
function SubmissionFollower() {
	const navigation = useNavigation()
	useEffect(() => {
		sending = navigation.formData && navigation.formAction ? { action: navigation.formAction, form: navigation.formData } : null
	}, [navigation])
	return null
}

/**
 * A form the browser could not deliver (the connection lost, an instance restarting): the page of an undelivered form,
 * with what was typed and a way to send it again, in place of "something went wrong" (ADR 116). Read as the error is
 * first drawn, before the follower hears that the navigation is over.
 */
function useUndelivered(error: unknown): ActingAsChanged | null {
	const [undelivered] = useState(() =>
		sending && isUndelivered(error)
			? { reason: 'acting-as-changed' as const, unreachable: true as const, action: sending.action, sentAs: null, now: null, ...keptFields(sending.form) }
			: null,
	)
	return undelivered
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const undelivered = useUndelivered(error)
	if (undelivered) return <ActingAsChangedPage {...undelivered} />
	if (isRouteErrorResponse(error) && isActingAsChanged(error.data)) return <ActingAsChangedPage {...error.data} />
	const status = isRouteErrorResponse(error) ? error.status : 500
	// A refused request (400, 413, 415…) says why, in the words its guard gave (ADR 018); a post where no form is handled
	// (405) in ours, as React Router's name the route's module.
	const reason = status === 405 ? METHOD_NOT_ALLOWED : isRouteErrorResponse(error) && status < 500 && typeof error.data === 'string' ? error.data : null
	const title =
		status === 404 ? 'Page not found' : status === 403 ? 'Not allowed' : status === 413 ? 'Too large' : status < 500 ? 'Request refused' : 'Something went wrong'
	const message =
		status === 404
			? 'The page you asked for does not exist, or is not yours to see.'
			: status === 403
				? 'This request was refused.'
				: status < 500
					? (reason ?? 'This request could not be handled. Go back and try again.')
					: ERROR_CATALOGUE[1000]
	return (
		<main className="mx-auto max-w-2xl px-6 py-16">
			{/* The routes' meta is not rendered for an error: React places this title in the head. */}
			<title>{`${title} · Spencer`}</title>
			<h1 className="text-2xl font-semibold">{title}</h1>
			<p className="mt-2" role="alert">
				{message}
				{status >= 500 ? ' (code 1000)' : null}
			</p>
			<p className="mt-6">
				<a className="font-medium text-brand underline underline-offset-2" href="/">
					Go to your home page
				</a>
			</p>
		</main>
	)
}
