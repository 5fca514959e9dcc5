import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { AccessBadge } from '#app/components/directory/AccessBadge.tsx'
import { StaffSearch } from '#app/components/directory/StaffSearch.tsx'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { type SortState } from '#app/components/ui/Table.tsx'
import { RowModalButton } from '#app/components/ui/ModalButton.tsx'
import { openModals } from '#app/lib/modals.ts'
import { pageRange } from '#app/lib/pagination.ts'
import { FORMER_STAFF_MEMBER } from '#app/lib/respondents.ts'
import { ROLE_LABELS, roleInSentence } from '#app/lib/roles.ts'
import {
	deleteMember,
	DIRECTORY_SORTS,
	DirectoryRefusal,
	getMember,
	giveAccess,
	listDirectory,
	removeAccess,
	setRole,
} from '#app/services/directory.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { pageAfter } from '#app/services/respond.server.ts'
import { MemberModals } from './+parts/MemberModals.tsx'
import { invitationNotSent } from './+parts/invitation-toast.ts'
import { SetRoleSchema } from './+parts/member-schema.ts'
import type { Route } from './+types/list.ts'

const MEMBER_MODALS = ['set-role', 'access', 'delete-person']

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const url = new URL(request.url)
	const list = readList(url, { sorts: DIRECTORY_SORTS, sort: 'name' })
	// A modal about one person: that person must be on this school's staff (else 404).
	const wantsMember = openModals(url.searchParams).some((name) => MEMBER_MODALS.includes(name))
	const [{ rows, total }, member] = await Promise.all([
		unlessIllegal(list, () => listDirectory(app, list.query), NO_ROWS),
		wantsMember ? getMember(app, url.searchParams.get('id')) : Promise.resolve(null),
	])
	return data({
		rows,
		total,
		query: list.query,
		illegal: list.illegal,
		me: app.auth.membershipId,
		member: member
			? { id: member.id, name: `${member.firstName} ${member.lastName}`, email: member.user.email, role: member.role, access: member.access }
			: null,
	}, listStatus(list))
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const id = postedId(formData)
	const back = pageAfter(url)
	try {
		switch (intent) {
			case 'set-role': {
				const member = await getMember(app, id)
				const submission = parseWithZod(formData, { schema: SetRoleSchema })
				if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
				await setRole(app, member.id, submission.value.role)
				return redirectWithToast(app.em, back, {
					type: 'success',
					title: 'Role changed',
					description: `${member.firstName} ${member.lastName} is now ${roleInSentence(submission.value.role)}.`,
				})
			}
			case 'give-access': {
				const { outcome, mailed } = await giveAccess(app, id, request)
				if (!mailed && outcome !== 'active') return redirectWithToast(app.em, back, invitationNotSent(outcome))
				const member = await getMember(app, id)
				const title = { invited: 'Invitation sent', resent: 'Invitation sent again', active: 'They already have access' }[outcome]
				return redirectWithToast(app.em, back, {
					type: outcome === 'active' ? 'info' : 'success',
					title,
					description: outcome === 'active' ? undefined : `An email with a link to set a password went to ${member.user.email}.`,
				})
			}
			case 'remove-access':
				await removeAccess(app, id)
				return redirectWithToast(app.em, back, { type: 'success', title: 'Access removed', description: 'They stay in the directory.' })
			case 'delete': {
				const { name, keptFeedback } = await deleteMember(app, id)
				return redirectWithToast(app.em, back, {
					type: 'success',
					title: `${name} deleted`,
					description: keptFeedback ? `Their submitted feedback stays, shown as from “${FORMER_STAFF_MEMBER}”.` : undefined,
				})
			}
			default:
				return data({ intent: null, result: null }, { status: 400 })
		}
	} catch (error) {
		if (error instanceof DirectoryRefusal) return redirectWithToast(app.em, back, { type: 'error', title: error.title, description: error.message })
		throw error
	}
}

export default function Directory({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, illegal, me, member } = loaderData
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	const { first, last } = pageRange(query.page, query.pageSize, total)
	return (
		<>
			<PageHeader title="Directory">Everyone who works at your school: their role, job title, and whether they can sign in.</PageHeader>
			<div className="mb-4 flex flex-wrap items-end justify-between gap-4">
				<StaffSearch q={query.q} sort={query.sort} dir={query.dir} illegal={illegal} />
				<div className="flex flex-wrap gap-2">
					<ButtonLink to="/school-admin/directory/import" variant="secondary">
						Import staff
					</ButtonLink>
					<ButtonLink to="/school-admin/directory/add">Add person</ButtonLink>
				</div>
			</div>
			<ListPanel empty={rows.length === 0} emptyMessage={query.q ? 'No matching data' : 'No data'} illegal={illegal} page={{ ...query, total }} noun="staff">
				<DataTable
					caption={`Staff, ${first}–${last} of ${total}`}
					hideCaption
					sortState={sortState}
					rows={rows}
					columns={[
						{
							header: 'Name',
							sortKey: 'name',
							rowHeader: true,
							cell: (row) => (
								<>
									{row.name}
									{row.id === me ? <span className="ml-1 text-slate-700">(you)</span> : null}
								</>
							),
						},
						{ header: 'Email', sortKey: 'email', cell: (row) => row.email },
						{ header: 'Role', sortKey: 'role', cell: (row) => ROLE_LABELS[row.role] },
						{ header: 'Job title', sortKey: 'jobTitle', cell: (row) => row.jobTitle ?? '—' },
						{ header: 'Access', sortKey: 'access', cell: (row) => <AccessBadge access={row.access} /> },
						{ header: <span className="sr-only">Actions</span>, cell: (row) => (row.id === me ? null : <PersonActions person={row} />) },
					]}
				/>
			</ListPanel>
			{member ? <MemberModals member={member} /> : null}
		</>
	)
}

/** A person's Set role, Access and Delete buttons (not on the admin's own row). */
function PersonActions({ person }: { person: { id: string; name: string; access: string } }) {
	return (
		<div className="flex flex-wrap justify-end gap-2">
			<RowModalButton modal="set-role" id={person.id} of={`of ${person.name}`}>
				Set role
			</RowModalButton>
			<RowModalButton modal="access" id={person.id} of={`for ${person.name}`}>
				{person.access === 'none' ? 'Give access' : person.access === 'invited' ? 'Resend' : 'Access'}
			</RowModalButton>
			<RowModalButton modal="delete-person" id={person.id} of={person.name} variant="danger">
				Delete
			</RowModalButton>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Directory · Spencer' }]
