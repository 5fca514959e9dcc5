import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { formatDate } from '#app/lib/format.ts'
import { isRealDate } from '#app/lib/real-date.ts'
import { studentAccessReport } from '#app/services/access-report.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { readPlainList } from '#app/services/list-params.server.ts'
import { startImpersonation } from '#app/services/impersonation.server.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { addSchoolAdmin, getSchool, listSchoolStaff, resendInvitation, setSchoolArchived, updateSchool } from '#app/services/schools.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { AccessReport } from './+parts/AccessReport.tsx'
import { AddAdminModal, AddAdminSchema } from './+parts/AddAdminModal.tsx'
import { SchoolForm } from './+parts/SchoolForm.tsx'
import { SchoolStaff } from './+parts/SchoolStaff.tsx'
import { SchoolSchema } from './+parts/school-schema.ts'
import type { Route } from './+types/details.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const school = await getSchool(app, params.id)
	const url = new URL(request.url)
	const reportInput = { upn: url.searchParams.get('upn') ?? '', from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' }
	// A report needs a UPN and two days that exist (a hand-made address may carry 2026-02-30); with a UPN and no such
	// dates the form says so rather than showing nothing.
	const datesReal = isRealDate(reportInput.from) && isRealDate(reportInput.to)
	// yyyy-mm-dd compares as text; the wrong way round, no access could fall between them.
	const inOrder = datesReal && reportInput.from <= reportInput.to
	const wantsReport = Boolean(reportInput.upn) && inOrder
	const reportProblem = !reportInput.upn ? null : !datesReal ? 'Enter real dates in From and To.' : !inOrder ? 'From is after To: swap the dates.' : null
	// The staff list pages on the server (`?page=`), as every list of people does.
	const staffPage = readPlainList(url, { sorts: ['role'] as const, sort: 'role' })
	const [staff, report] = await Promise.all([
		listSchoolStaff(app, school.id, staffPage),
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
		staff: { ...staff, page: staffPage.page, pageSize: staffPage.pageSize },
		reportInput,
		report,
		reportProblem,
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
			if (outcome === 'not-sent') {
				return redirectWithToast(app.em, here, { type: 'warning', title: 'School admin added, but the invitation email could not be sent.', description: 'Use Resend invitation beside them to try again.' })
			}
			return redirectWithToast(app.em, here, { type: 'success', title: 'School admin added', description: `An invitation was sent to ${submission.value.email}.` })
		}
		case 'resend':
			if (!(await resendInvitation(app, school.id, postedId(formData, 'membershipId'), request))) {
				return redirectWithToast(app.em, here, { type: 'warning', title: 'The invitation email could not be sent.', description: 'Use Resend invitation to try again.' })
			}
			return redirectWithToast(app.em, here, { type: 'success', title: 'Invitation sent again' })
		case 'impersonate': {
			return startImpersonation(app, request, school.id, postedId(formData, 'userId'))
		}
		default:
			return data({ intent, result: null }, { status: 400 })
	}
}

export default function SchoolDetails({ loaderData, actionData }: Route.ComponentProps) {
	const { school, staff, report, reportInput, reportProblem } = loaderData
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

			<SchoolStaff schoolName={school.name} staff={staff} />

			<AccessReport report={report} input={reportInput} problem={reportProblem} />

			<section aria-labelledby="offboard-heading" className="mt-10 rounded-lg border border-red-700 bg-white p-6">
				<h2 id="offboard-heading" className="mb-2 text-lg font-semibold text-red-800">
					Offboard this school
				</h2>
				<p className="mb-4 max-w-prose text-sm text-slate-800">
					When the school leaves Spencer: export everything it holds, see what would be deleted, then delete the school for good.
				</p>
				<ButtonLink to={`/spencer-admin/schools/${school.id}/offboard`} variant="secondary">
					Offboard this school…
				</ButtonLink>
			</section>

			<AddAdminModal lastResult={actionData && 'intent' in actionData && actionData.intent === 'add-admin' ? actionData.result : undefined} />
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.school.name ?? 'School'} · Spencer` }]
