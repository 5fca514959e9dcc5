import { data, useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { formatDate } from '#app/lib/format.ts'
import { isModalOpen, modalHref } from '#app/lib/modals.ts'
import { SEN_STATUS_LABELS } from '#app/models/enums.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { StudentSchema } from '#app/lib/student-schema.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { getStudent, getStudentDetails, listProfessionalOptions, saveStudent, setStudentArchived } from '#app/services/students.server.ts'
import { listStudentProfiles } from '#app/services/student-profiles.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { listDestinationOptions, pendingTransferOf } from '#app/services/transfers.server.ts'
import { listStudentExports, requestStudentExport } from '#app/services/exports.server.ts'
import { eraseStudentAction } from './+parts/erase-actions.server.ts'
import { EraseModal, EraseSection } from './+parts/EraseModal.tsx'
import { ExportSection } from './+parts/ExportSection.tsx'
import { StudentForm } from './+parts/StudentForm.tsx'
import { StudentProfiles } from './+parts/StudentProfiles.tsx'
import { transferStudent } from './+parts/transfer-actions.server.ts'
import { TRANSFER_MODAL, TransferModal } from './+parts/TransferModal.tsx'
import type { Route } from './+types/details.ts'

const ARCHIVE_MODAL = 'archive-student'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const [student, professionals] = await Promise.all([getStudentDetails(app, params.id), listProfessionalOptions(app)])
	const transferring = isModalOpen(new URL(request.url).searchParams, TRANSFER_MODAL)
	const [profiles, exports, schools, pendingTransfer] = await Promise.all([
		listStudentProfiles(app, student.id),
		listStudentExports(app, student.id),
		transferring ? listDestinationOptions(app) : [],
		transferring ? pendingTransferOf(app, student.id) : null,
	])
	// The table's fields, the latest start first.
	const rows = profiles
		.map(({ id, questionnaireTitle, kind, intervalWeeks, status, rounds, startDate }) => ({
			id,
			questionnaire: questionnaireTitle,
			kind,
			intervalWeeks,
			status,
			rounds: rounds.length,
			startDate,
		}))
		.toSorted((a, b) => b.startDate.localeCompare(a.startDate) || a.id.localeCompare(b.id))
	return { student, professionals, profiles: rows, exports, schools, pendingTransfer }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const student = await getStudent(app, params.id)
	const formData = await request.formData()
	const intent = formData.get('intent')
	const here = `/school-admin/students/list/${student.id}`
	switch (intent) {
		case 'save': {
			const saved = await saveSubmission(formData, StudentSchema, (value) => saveStudent(app, student.id, value))
			if (!saved.ok) return saved.response
			return redirectWithToast(app.em, here, { type: 'success', title: 'Student saved' })
		}
		case 'archive':
		case 'unarchive':
			await setStudentArchived(app, student.id, intent === 'archive')
			return redirectWithToast(app.em, here, { type: 'success', title: intent === 'archive' ? 'Student archived' : 'Student restored' })
		case 'transfer':
			return transferStudent(app, student.id, formData)
		case 'erase':
			return eraseStudentAction(app, student.id, formData)
		case 'export': {
			const exportId = await requestStudentExport(app, student.id)
			return redirectWithToast(app.em, `/school-admin/exports/${exportId}`, { type: 'success', title: 'Export queued', description: 'It is being prepared.' })
		}
		default:
			return data({ result: null }, { status: 400 })
	}
}

export default function StudentDetails({ loaderData, actionData }: Route.ComponentProps) {
	const { student, professionals, profiles, exports, schools, pendingTransfer } = loaderData
	const location = useLocation()
	const transferResult = actionData && 'intent' in actionData && actionData.intent === 'transfer' ? actionData.result : undefined
	const eraseResult = actionData && 'intent' in actionData && actionData.intent === 'erase' ? actionData.result : undefined
	const studentResult = actionData && !('intent' in actionData) ? actionData.result : undefined
	return (
		<>
			<BackLink to="/school-admin/students/list">Students</BackLink>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<PageHeader title={`${student.firstName} ${student.lastName}`}>
					{student.yearGroup} · born {formatDate(student.dateOfBirth)} · SEN: {SEN_STATUS_LABELS[student.senStatus]}
					{student.groups.length ? ` · ${student.groups.join(', ')}` : ''}
					{student.archived ? ' · archived' : ''}
				</PageHeader>
				<Form method="post" className="flex flex-wrap gap-2">
					<ButtonLink to={modalHref(location, TRANSFER_MODAL)} preventScrollReset variant="secondary">
						Transfer student
					</ButtonLink>
					{student.archived ? (
						<SubmitButton intent="unarchive" variant="secondary">
							Restore student
						</SubmitButton>
					) : (
						// Archiving hides the student from every list and round: asked first (issue 14.4). Restoring is not.
						<ModalButton modal={ARCHIVE_MODAL} variant="secondary">
							Archive student
						</ModalButton>
					)}
				</Form>
			</div>
			<section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="details-heading" className="mb-4 text-lg font-semibold text-slate-900">
					Details
				</h2>
				<StudentForm student={student} professionals={professionals} lastResult={studentResult} submitLabel="Save details" />
			</section>
			<StudentProfiles profiles={profiles} />
			<ExportSection exports={exports} />
			<EraseSection />
			{student.archived ? null : (
				<ConfirmModal name={ARCHIVE_MODAL} title="Archive this student?" intent="archive" fields={{}} confirmLabel="Archive student">
					<p>
						{`${student.firstName} ${student.lastName} will be marked archived, and staff will no longer be asked for feedback about them. Their details and profiles are kept; “Restore student” undoes this.`}
					</p>
				</ConfirmModal>
			)}
			<EraseModal upn={student.upn} lastResult={eraseResult} />
			<TransferModal studentName={`${student.firstName} ${student.lastName}`} schools={schools} pending={pendingTransfer} lastResult={transferResult} />
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData ? `${loaderData.student.firstName} ${loaderData.student.lastName}` : 'Student'}: details · Spencer` },
]
