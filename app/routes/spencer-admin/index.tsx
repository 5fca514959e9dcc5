import { Figures, PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { platformOverview } from '#app/services/overview.server.ts'
import { listSchoolsOverview } from '#app/services/schools.server.ts'
import type { Route } from './+types/index.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const [totals, schools] = await Promise.all([platformOverview(app), listSchoolsOverview(app)])
	return { totals, schools }
}

export default function PlatformOverview({ loaderData }: Route.ComponentProps) {
	const { totals, schools } = loaderData
	return (
		<>
			<PageHeader title="Platform overview">
				Every school on Spencer. From here you manage schools and their admins, the questionnaires, themes and
				recommendations, and you can act as a school's staff member to help them.
			</PageHeader>
			<Figures
				label="Platform figures"
				items={[
					{ label: 'Schools', value: totals.schools },
					{ label: 'Students', value: totals.students },
					{ label: 'Staff memberships', value: totals.staff },
					{ label: 'Published questionnaires', value: totals.questionnaires },
				]}
			/>
			<h2 className="mt-10 mb-3 text-lg font-semibold text-slate-900">Schools</h2>
			<table className="w-full border-collapse rounded-lg bg-white text-left text-sm">
				<caption className="sr-only">Schools on Spencer</caption>
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="px-3 py-2 font-semibold">Name</th>
						<th scope="col" className="px-3 py-2 font-semibold">Subdomain</th>
						<th scope="col" className="px-3 py-2 font-semibold">Type</th>
						<th scope="col" className="px-3 py-2 text-right font-semibold">Students</th>
					</tr>
				</thead>
				<tbody>
					{schools.map((school) => (
						<tr key={school.id} className="border-b border-slate-200">
							<td className="px-3 py-2">{school.name}</td>
							<td className="px-3 py-2 font-mono">{school.subdomain}</td>
							<td className="px-3 py-2">{school.type}</td>
							<td className="px-3 py-2 text-right tabular-nums">{school.students}</td>
						</tr>
					))}
				</tbody>
			</table>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Platform overview · Spencer' }]
