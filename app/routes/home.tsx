import { getAppContext } from '#app/context.ts'
import { listSchoolsOverview } from '#app/services/schools.server.ts'
import type { Route } from './+types/home.ts'

export async function loader({ context }: Route.LoaderArgs) {
	const schools = await listSchoolsOverview(getAppContext(context))
	return { schools }
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { schools } = loaderData
	return (
		<main className="mx-auto max-w-4xl px-6 py-10">
			<h1 className="text-3xl font-semibold text-slate-900">Spencer</h1>
			<p className="mt-2 text-slate-700">Wellbeing and needs, tracked over time, for every school on this platform.</p>
			<h2 className="mt-8 text-xl font-semibold text-slate-900">Schools</h2>
			{schools.length === 0 ? (
				<p className="mt-4 text-slate-700">No Data</p>
			) : (
				<table className="mt-4 w-full border-collapse text-left">
					<caption className="sr-only">Schools on Spencer</caption>
					<thead>
						<tr className="border-b border-slate-300">
							<th scope="col" className="py-2 pr-4 font-semibold">Name</th>
							<th scope="col" className="py-2 pr-4 font-semibold">Subdomain</th>
							<th scope="col" className="py-2 pr-4 font-semibold">Type</th>
							<th scope="col" className="py-2 text-right font-semibold">Students</th>
						</tr>
					</thead>
					<tbody>
						{schools.map((school) => (
							<tr key={school.id} className="border-b border-slate-200">
								<td className="py-2 pr-4">{school.name}</td>
								<td className="py-2 pr-4 font-mono text-sm">{school.subdomain}</td>
								<td className="py-2 pr-4">{school.type}</td>
								<td className="py-2 text-right tabular-nums">{school.students}</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Spencer' }]
