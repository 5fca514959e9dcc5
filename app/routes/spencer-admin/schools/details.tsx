import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation } from 'react-router'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { modalHref } from '#app/lib/modals.ts'
import { EmailSchema } from '#app/lib/password-rules.ts'
import { roleLabel } from '#app/lib/roles.ts'
import { studentAccessReport } from '#app/services/access-report.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { startImpersonation } from '#app/services/impersonation.server.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { addSchoolAdmin, getSchool, listSchoolStaff, resendInvitation, setSchoolArchived, updateSchool } from '#app/services/schools.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { SchoolForm } from './+parts/SchoolForm.tsx'
import { SchoolSchema } from './+parts/school-schema.ts'
import type { Route } from './+types/details.ts'

const AddAdminSchema = z.object({
	firstName: z.string({ error: 'Enter a first name' }).trim().min(1, 'Enter a first name').max(100),
	lastName: z.string({ error: 'Enter a last name' }).trim().min(1, 'Enter a last name').max(100),
	email: EmailSchema,
})

const ACCESS_LABELS: Record<string, { label: string; variant: 'neutral' | 'success' | 'warning' }> = {
	none: { label: 'No access', variant: 'neutral' },
	invited: { label: 'Invited', variant: 'warning' },
	active: { label: 'Active', variant: 'success' },
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const school = await getSchool(app, params.id)
	const url = new URL(request.url)
	const reportInput = { upn: url.searchParams.get('upn') ?? '', from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' }
	const wantsReport = Boolean(reportInput.upn && /^\d{4}-\d{2}-\d{2}$/.test(reportInput.from) && /^\d{4}-\d{2}-\d{2}$/.test(reportInput.to))
	const [staff, report] = await Promise.all([
		listSchoolStaff(app, school.id),
		wantsReport ? studentAccessReport(app, school.id, reportInput) : Promise.resolve(null),
	])
	return {
		school: {
			id: school.id,
			name: school.name,
			subdomain: school.subdomain,
			type: school.type,
			urn: school.urn ?? null,
			address: school.address ?? null,
			postcode: school.postcode ?? null,
			phone: school.phone ?? null,
			contactEmail: school.contactEmail ?? null,
			archived: school.archived,
			createdAt: school.createdAt.toISOString(),
		},
		staff,
		reportInput,
		report,
	}
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const school = await getSchool(app, params.id)
	const formData = await request.formData()
	const intent = formData.get('intent')
	const here = `/spencer-admin/schools/${school.id}`

	switch (intent) {
		case 'save': {
			const saved = await saveSubmission(formData, SchoolSchema, (value) => updateSchool(app, school.id, value))
			if (!saved.ok) return saved.response
			return redirectWithToast(app.em, here, { type: 'success', title: 'School saved' })
		}
		case 'archive':
		case 'unarchive':
			await setSchoolArchived(app, school.id, intent === 'archive')
			return redirectWithToast(app.em, here, { type: 'success', title: intent === 'archive' ? 'School archived' : 'School restored' })
		case 'add-admin': {
			const submission = parseWithZod(formData, { schema: AddAdminSchema })
			if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
			const outcome = await addSchoolAdmin(app, school.id, submission.value, request)
			if (outcome === 'already-member') {
				return data({ intent, result: submission.reply({ fieldErrors: { email: ['This person is already on this school’s staff.'] } }) }, { status: 409 })
			}
			if (outcome === 'platform-admin') {
				return data({ intent, result: submission.reply({ fieldErrors: { email: ['A platform admin can’t be on a school’s staff.'] } }) }, { status: 409 })
			}
			return redirectWithToast(app.em, here, { type: 'success', title: 'School admin added', description: `An invitation was sent to ${submission.value.email}.` })
		}
		case 'resend':
			await resendInvitation(app, school.id, postedId(formData, 'membershipId'), request)
			return redirectWithToast(app.em, here, { type: 'success', title: 'Invitation sent again' })
		case 'impersonate': {
			return startImpersonation(app, request, school.id, postedId(formData, 'userId'))
		}
		default:
			return data({ intent, result: null }, { status: 400 })
	}
}

export default function SchoolDetails({ loaderData, actionData }: Route.ComponentProps) {
	const { school, staff, report, reportInput } = loaderData
	const location = useLocation()
	return (
		<>
			<BackLink to="/spencer-admin/schools">Schools</BackLink>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<PageHeader title={school.name}>
					{school.type} · created {formatDate(school.createdAt)}
					{school.archived ? ' · archived' : ''}
				</PageHeader>
				<Form method="post">
					<SubmitButton intent={school.archived ? 'unarchive' : 'archive'} variant="secondary">
						{school.archived ? 'Restore school' : 'Archive school'}
					</SubmitButton>
				</Form>
			</div>

			<section aria-labelledby="details-heading" className="mb-10 rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="details-heading" className="mb-4 text-lg font-semibold text-slate-900">Details</h2>
				<SchoolForm school={school} lastResult={actionData && 'result' in actionData && !('intent' in actionData) ? actionData.result : undefined} submitLabel="Save details" />
			</section>

			<section aria-labelledby="staff-heading" className="mb-10 rounded-lg border border-slate-200 bg-white p-6">
				<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
					<h2 id="staff-heading" className="text-lg font-semibold text-slate-900">Staff</h2>
					<ButtonLink to={modalHref(location, 'add-school-admin')} variant="secondary" preventScrollReset>
						Add school admin
					</ButtonLink>
				</div>
				{staff.length === 0 ? (
					<p className="text-slate-700">No data</p>
				) : (
					<Table caption={`Staff of ${school.name}`} hideCaption>
						<TableHeader>
							<tr>
								<Column>Name</Column>
								<Column>Email</Column>
								<Column>Role</Column>
								<Column>Access</Column>
								<Column>Last sign-in</Column>
								<Column>
									<span className="sr-only">Actions</span>
								</Column>
							</tr>
						</TableHeader>
						<TableBody>
							{staff.map((member) => {
								const access = ACCESS_LABELS[member.access] ?? ACCESS_LABELS.none!
								return (
									<Row key={member.membershipId}>
										<RowHeader>{member.name}</RowHeader>
										<Cell>{member.email}</Cell>
										<Cell>{roleLabel(member.role)}</Cell>
										<Cell>
											<Badge variant={access.variant}>{access.label}</Badge>
										</Cell>
										<Cell>{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}</Cell>
										<Cell>
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
										</Cell>
									</Row>
								)
							})}
						</TableBody>
					</Table>
				)}
			</section>

			<section aria-labelledby="report-heading" className="rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="report-heading" className="mb-1 text-lg font-semibold text-slate-900">Access report</h2>
				<p className="mb-4 text-sm text-slate-700">Who viewed or changed one student’s records between two dates.</p>
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<ReportField label="Student UPN" name="upn" defaultValue={reportInput.upn} maxLength={13} />
					<ReportField label="From" name="from" type="date" defaultValue={reportInput.from} />
					<ReportField label="To" name="to" type="date" defaultValue={reportInput.to} />
					<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
						Show report
					</button>
				</Form>
				{report ? (
					report.student ? (
						report.events.length ? (
							<div className="mt-4">
								<Table caption={`Access to ${report.student.name} (${report.student.upn})`}>
									<TableHeader>
										<tr>
											<Column>When</Column>
											<Column>Who</Column>
											<Column>What</Column>
										</tr>
									</TableHeader>
									<TableBody>
										{report.events.map((event, index) => (
											<Row key={`${event.at}-${index}`}>
												<Cell>{formatDateTime(event.at)}</Cell>
												<Cell>{event.impersonated ? `${event.actor} (acting as ${event.impersonated})` : event.actor}</Cell>
												<Cell className="font-mono">{event.action}</Cell>
											</Row>
										))}
									</TableBody>
								</Table>
							</div>
						) : (
							<p className="mt-4 text-slate-700" role="status">No access to {report.student.name} recorded between those dates.</p>
						)
					) : (
						<p className="mt-4 text-slate-700" role="status">No student with that UPN in this school.</p>
					)
				) : null}
			</section>

			<AddAdminModal lastResult={actionData && 'intent' in actionData && actionData.intent === 'add-admin' ? actionData.result : undefined} />
		</>
	)
}

function ReportField({ label, ...input }: { label: string; name: string; type?: string; defaultValue: string; maxLength?: number }) {
	const id = `report-${input.name}`
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium text-slate-900">
				{label}
			</label>
			<input id={id} {...input} className="h-10 rounded-md border border-slate-500 px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700" />
		</div>
	)
}

function AddAdminModal({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'add-school-admin',
		lastResult,
		constraint: getZodConstraint(AddAdminSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AddAdminSchema }),
	})
	return (
		<UrlModal
			name="add-school-admin"
			title="Add school admin"
			footer={
				<SubmitButton intent="add-admin" form={form.id}>
					Add and send invitation
				</SubmitButton>
			}
		>
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<p className="text-sm text-slate-700">They will get an email with a link to set their password.</p>
				<TextField {...textFieldProps(fields.firstName)} label="First name" autoComplete="off" isRequired />
				<TextField {...textFieldProps(fields.lastName)} label="Last name" autoComplete="off" isRequired />
				<TextField {...textFieldProps(fields.email)} label="Email" type="email" autoComplete="off" isRequired />
			</Form>
		</UrlModal>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.school.name ?? 'School'} · Spencer` }]
