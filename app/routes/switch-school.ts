import { redirect } from 'react-router'
import { requireUser } from '#app/services/guards.server.ts'
import { isUuid } from '#app/services/ids.server.ts'
import { switchSchool } from '#app/services/school-switcher.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/switch-school.ts'

/** The header's school switcher: a plain form post, then the chosen role's home with a toast. */
export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireUser(context, request)
	const form = await request.formData().catch(() => null)
	const membershipId = form?.get('membershipId')
	if (!isUuid(membershipId)) return new Response('Choose one of your schools.', { status: 400 })
	const { membership, home } = await switchSchool(app, membershipId)
	return redirectWithToast(app.em, home, { type: 'success', title: `Now working in ${membership.schoolName}` })
}

export function loader() {
	return redirect('/')
}
