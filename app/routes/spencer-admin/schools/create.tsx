import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { createSchool } from '#app/services/schools.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { SchoolForm } from './+parts/SchoolForm.tsx'
import { SchoolSchema } from './+parts/school-schema.ts'
import type { Route } from './+types/create.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'spencerAdmin')
	return null
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const saved = await saveSubmission(await request.formData(), SchoolSchema, (value) => createSchool(app, value))
	if (!saved.ok) return saved.response
	return redirectWithToast(app.em, `/spencer-admin/schools/${saved.value.id}`, { type: 'success', title: 'School created' })
}

export default function CreateSchool({ actionData }: Route.ComponentProps) {
	return (
		<>
			<BackLink to="/spencer-admin/schools">Schools</BackLink>
			<PageHeader title="New school">The school’s details. You can add its school admins once it is saved.</PageHeader>
			<SchoolForm school={null} lastResult={actionData?.result} submitLabel="Create school" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'New school · Spencer' }]
