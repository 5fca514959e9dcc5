import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import { requestContextMiddleware } from '#app/services/request.server.ts'
import type { Route } from './+types/root.ts'
import stylesheet from './app.css?url'

export const middleware: Route.MiddlewareFunction[] = [requestContextMiddleware]

export const links: Route.LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: stylesheet },
]

export function Layout({ children }: { children: React.ReactNode }) {
	return (
		<html lang="en-GB">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen bg-white text-slate-900 antialiased">
				{children}
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const notFound = isRouteErrorResponse(error) && error.status === 404
	return (
		<main className="mx-auto max-w-2xl px-6 py-10">
			<h1 className="text-2xl font-semibold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
			<p className="mt-2" role="alert">
				{notFound
					? 'The page you asked for does not exist.'
					: 'Something went wrong. Please, refresh the page or try again later.'}
			</p>
			<p className="mt-4">
				<a className="text-blue-700 underline" href="/">
					Go to the home page
				</a>
			</p>
		</main>
	)
}
