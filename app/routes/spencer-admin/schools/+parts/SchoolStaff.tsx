import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import { modalHref } from '#app/lib/modals.ts'
import { roleLabel } from '#app/lib/roles.ts'
import type { StaffRow } from '#app/services/schools.server.ts'

const ACCESS_LABELS: Record<string, { label: string; variant: 'neutral' | 'success' | 'warning' }> = {
	none: { label: 'No access', variant: 'neutral' },
	invited: { label: 'Invited', variant: 'warning' },
	active: { label: 'Active', variant: 'success' },
}

/**
 * A school's staff: their role, access and last sign-in, with Resend invitation and Impersonate where they apply. One
 * page at a time (`staff`: the page's rows, and where it is in the whole).
 */
export function SchoolStaff({ schoolName, staff }: { schoolName: string; staff: { rows: StaffRow[]; total: number; page: number; pageSize: number } }) {
	const location = useLocation()
	return (
		<section aria-labelledby="staff-heading" className="mb-10 rounded-lg border border-slate-200 bg-white p-6">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h2 id="staff-heading" className="text-lg font-semibold text-slate-900">Staff</h2>
				<ButtonLink to={modalHref(location, 'add-school-admin')} variant="secondary" preventScrollReset>
					Add school admin
				</ButtonLink>
			</div>
			{staff.rows.length === 0 ? (
				<p className="text-slate-700">No data</p>
			) : (
				<DataTable
					caption={`Staff of ${schoolName}`}
					hideCaption
					rows={staff.rows}
					rowKey={(member) => member.membershipId}
					columns={[
						{ header: 'Name', rowHeader: true, cell: (member) => member.name },
						{ header: 'Email', cell: (member) => member.email },
						{ header: 'Role', cell: (member) => roleLabel(member.role) },
						{ header: 'Access', cell: (member) => <AccessBadge access={member.access} /> },
						{ header: 'Last sign-in', cell: (member) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never') },
						{ header: <span className="sr-only">Actions</span>, cell: (member) => <MemberActions member={member} /> },
					]}
				/>
			)}
			{staff.total > staff.pageSize ? <Pagination page={staff.page} pageSize={staff.pageSize} total={staff.total} noun="staff" /> : null}
		</section>
	)
}

function AccessBadge({ access }: { access: string }) {
	const { label, variant } = ACCESS_LABELS[access] ?? ACCESS_LABELS.none!
	return <Badge variant={variant}>{label}</Badge>
}

function MemberActions({ member }: { member: StaffRow }) {
	return (
		<div className="flex flex-wrap justify-end gap-2">
			{member.access === 'invited' ? (
				<Form method="post">
					<input type="hidden" name="membershipId" value={member.membershipId} />
					<SubmitButton intent="resend" variant="ghost" size="sm" aria-label={`Resend invitation to ${member.name}`}>
						Resend invitation
					</SubmitButton>
				</Form>
			) : null}
			{member.access === 'active' && !member.isPlatformAdmin ? (
				<Form method="post">
					<input type="hidden" name="userId" value={member.userId} />
					<SubmitButton intent="impersonate" variant="secondary" size="sm" aria-label={`Impersonate ${member.name}`}>
						Impersonate
					</SubmitButton>
				</Form>
			) : null}
		</div>
	)
}
