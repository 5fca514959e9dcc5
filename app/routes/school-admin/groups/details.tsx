import { data, useLocation } from 'react-router'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { isModalOpen, replaceModal } from '#app/lib/modals.ts'
import {
	addToGroup,
	deleteGroup,
	getGroup,
	listGroupStaff,
	listGroupStudents,
	memberName,
	removeFromGroup,
	searchStaffForGroup,
	searchStudentsForGroup,
	updateGroup,
} from '#app/services/groups.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { GroupForm } from './+parts/GroupForm.tsx'
import { AddMemberModal } from './+parts/AddMemberModal.tsx'
import { GroupStaff, GroupStudents } from './+parts/Members.tsx'
import { pageAfter } from '#app/services/respond.server.ts'
import { saveGroupForm } from './+parts/save-group.server.ts'
import type { Route } from './+types/details.ts'
import { readPage } from '#app/lib/pagination.ts'
import { roleLabel } from '#app/lib/roles.ts'
import { readSearch } from '#app/services/list-params.server.ts'
import { plural } from '#app/lib/plural.ts'


export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const group = await getGroup(app, params.id)
	const url = new URL(request.url)
	const search = url.searchParams
	const page = readPage(search)
	// The modals' searches: one the server refuses (too long) is not run, and says why (ADR 023).
	const findStudent = readSearch(search, 'findStudent')
	const findStaff = readSearch(search, 'findStaff')
	// The person a remove modal names must be of this school (another's answers 404).
	const removing = async (kind: 'student' | 'staff', param: string, modal: string) => {
		if (!isModalOpen(search, modal)) return null
		const id = search.get(param) ?? ''
		return { id, name: await memberName(app, { kind, id }) }
	}
	const [students, staff, studentResults, staffResults, removingStudent, removingStaff] = await Promise.all([
		listGroupStudents(app, group.id, page),
		listGroupStaff(app, group.id),
		isModalOpen(search, 'add-student') && !findStudent.illegal ? searchStudentsForGroup(app, group.id, findStudent.q) : [],
		isModalOpen(search, 'add-staff') && !findStaff.illegal ? searchStaffForGroup(app, group.id, findStaff.q) : [],
		removing('student', 'student', 'remove-student'),
		removing('staff', 'member', 'remove-staff'),
	])
	const illegal = (isModalOpen(search, 'add-student') && findStudent.illegal) || (isModalOpen(search, 'add-staff') && findStaff.illegal) || null
	return data({
		group: { id: group.id, name: group.name, description: group.description ?? '' },
		students,
		page,
		staff,
		findStudent,
		findStaff,
		illegal,
		studentResults: studentResults.map((student) => ({ id: student.id, name: student.name, detail: `${student.upn} · ${student.yearGroup}` })),
		staffResults: staffResults.map((member) => ({
			id: member.id,
			name: member.name,
			detail: [member.jobTitle, roleLabel(member.role), member.email].filter(Boolean).join(' · '),
		})),
		removingStudent,
		removingStaff,
	}, illegal ? { status: 400 } : undefined)
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const group = await getGroup(app, params.id)
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	// Open modals and searches kept, so several students can be added in a row.
	const here = pageAfter(url, [])
	switch (intent) {
		case 'save-group': {
			const saved = await saveGroupForm(formData, intent, (input) => updateGroup(app, group.id, input))
			if (!saved.ok) return saved.response
			return redirectWithToast(app.em, here, { type: 'success', title: 'Group saved' })
		}
		case 'add-student':
		case 'add-staff': {
			const kind = intent === 'add-student' ? 'student' : 'staff'
			const name = await addToGroup(app, group.id, { kind, id: postedId(formData, kind === 'student' ? 'studentId' : 'membershipId') })
			return redirectWithToast(app.em, here, { type: 'success', title: `${name} added to ${group.name}` })
		}
		case 'remove-student':
		case 'remove-staff': {
			const kind = intent === 'remove-student' ? 'student' : 'staff'
			const { name, removed } = await removeFromGroup(app, group.id, { kind, id: postedId(formData, kind === 'student' ? 'studentId' : 'membershipId') })
			const back = pageAfter(url, ['modal', 'student', 'member'])
			if (!removed) return redirectWithToast(app.em, back, { type: 'info', title: `${name} is not in ${group.name}`, description: 'Nothing was changed.' })
			return redirectWithToast(app.em, back, { type: 'success', title: `${name} removed from ${group.name}` })
		}
		case 'delete-group':
			await deleteGroup(app, group.id)
			return redirectWithToast(app.em, '/school-admin/groups', { type: 'success', title: `Group “${group.name}” deleted` })
		default:
			return data({ intent: null, result: null }, { status: 400 })
	}
}

export default function GroupDetails({ loaderData, actionData }: Route.ComponentProps) {
	const { group, students, page, staff, findStudent, findStaff, illegal, studentResults, staffResults, removingStudent, removingStaff } = loaderData
	const location = useLocation()
	return (
		<>
			<BackLink to="/school-admin/groups">Groups</BackLink>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<PageHeader title={group.name}>{group.description || 'No description.'}</PageHeader>
				<ButtonLink to={replaceModal(location, 'delete-group')} preventScrollReset variant="danger">
					Delete group
				</ButtonLink>
			</div>
			<section aria-labelledby="group-details-heading" className="rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="group-details-heading" className="mb-4 text-lg font-semibold text-slate-900">
					Details
				</h2>
				<GroupForm
					key={`${group.name}|${group.description}`}
					intent="save-group"
					submitLabel="Save group"
					defaultValue={{ name: group.name, description: group.description }}
					lastResult={actionData?.intent === 'save-group' ? actionData.result : undefined}
				/>
			</section>
			<GroupStudents rows={students.rows} total={students.total} page={page} />
			<GroupStaff rows={staff.rows} total={staff.total} />

			<AddMemberModal kind="student" searched={findStudent.q} illegal={illegal} results={studentResults} />
			<AddMemberModal kind="staff" searched={findStaff.q} illegal={illegal} results={staffResults} />
			{removingStudent ? (
				<ConfirmModal name="remove-student" title="Remove student" intent="remove-student" fields={{ studentId: removingStudent.id }} drop={['student']} confirmLabel="Remove from group">
					<p>
						Remove {removingStudent.name} from {group.name}? The student stays on the school’s list.
					</p>
				</ConfirmModal>
			) : null}
			{removingStaff ? (
				<ConfirmModal name="remove-staff" title="Remove staff member" intent="remove-staff" fields={{ membershipId: removingStaff.id }} drop={['member']} confirmLabel="Remove from group">
					<p>
						Remove {removingStaff.name} from {group.name}? They stay in the staff directory.
					</p>
				</ConfirmModal>
			) : null}
			<ConfirmModal name="delete-group" title="Delete group" intent="delete-group" fields={{}} drop={[]} confirmLabel="Delete group">
				<p>
					Delete {group.name}? Its {plural(students.total, 'student')} and {staff.total} staff stay at the school; only the
					group goes.
				</p>
			</ConfirmModal>
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.group.name ?? 'Group'} · Groups · Spencer` }]
