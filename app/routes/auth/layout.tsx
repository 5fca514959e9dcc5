import { Outlet, useMatches } from 'react-router'
import { Logo } from '#app/components/Logo.tsx'
import { requireAnonymous } from '#app/services/guards.server.ts'
import type { Route } from './+types/layout.ts'

/** Each auth screen names its title and subtitle in its `handle`. */
export type AuthHandle = { title: string; subtitle: string | ((data: unknown) => string) }

export function loader({ context }: Route.LoaderArgs) {
	requireAnonymous(context)
	return null
}

export default function AuthLayout() {
	const matches = useMatches()
	const screen = matches.at(-1)
	const handle = screen?.handle as AuthHandle | undefined
	const subtitle = typeof handle?.subtitle === 'function' ? handle.subtitle(screen?.loaderData) : handle?.subtitle
	return (
		<div className="grid min-h-screen lg:grid-cols-2">
			<aside className="hidden flex-col justify-between bg-brand p-12 text-white lg:flex" aria-label="About Spencer">
				<Logo tone="inverse" height={40} />
				<div className="max-w-md">
					<p className="text-3xl leading-tight font-semibold">Every child seen, every need met.</p>
					<p className="mt-4 text-lg text-blue-50">
						Questionnaires, scores over time and recommendations for each student, shared by the adults who know them best.
					</p>
				</div>
				<p className="text-sm text-blue-50">Spencer for UK schools</p>
			</aside>
			<main className="flex items-center justify-center px-6 py-12">
				<div className="w-full max-w-sm">
					<Logo className="mb-10 lg:hidden" />
					{handle ? (
						<header className="mb-8">
							<h1 className="text-3xl font-semibold text-slate-900">{handle.title}</h1>
							<p className="mt-2 text-slate-700">{subtitle}</p>
						</header>
					) : null}
					<Outlet />
				</div>
			</main>
		</div>
	)
}
