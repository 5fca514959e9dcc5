import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { StudentSchema } from '#app/lib/student-schema.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { listProfessionalOptions, saveStudent } from '#app/services/students.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { StudentForm } from './+parts/StudentForm.tsx'
import type { Route } from './+types/create.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return { professionals: await listProfessionalOptions(app) }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const saved = await saveSubmission(await request.formData(), StudentSchema, (value) => saveStudent(app, null, value))
	if (!saved.ok) return saved.response
	return redirectWithToast(app.em, `/school-admin/students/list/${saved.value.id}`, { type: 'success', title: 'Student created' })
}

export default function CreateStudent({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<BackLink to="/school-admin/students/list">Students</BackLink>
			<PageHeader title="New student">The student’s details and the staff who work with them.</PageHeader>
			<StudentForm student={null} professionals={loaderData.professionals} lastResult={actionData?.result} submitLabel="Create student" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'New student · Spencer' }]
