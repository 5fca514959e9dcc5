import { parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { isModalOpen } from '#app/lib/modals.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { pageAfter, refused } from '#app/services/respond.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { closeProfile, createProfile, listManagedStudents, listPublishedQuestionnaires } from '#app/services/profiles.server.ts'
import { getStudentDetails, listProfessionalOptions, setStudentProfessionals } from '#app/services/students.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/manage-students.ts'
import { ProfessionalsForm, ProfessionalsSchema, ProfileForm } from './+parts/ManageForms.tsx'
import { ManagedStudentsTable } from './+parts/ManagedStudentsTable.tsx'
import { ProfileSchema } from './+parts/profile-schema.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager')
	const url = new URL(request.url)
	const list = readList(url, { sorts: ['name'] as const, sort: 'name' })
	const studentId = url.searchParams.get('id')
	const editing = isModalOpen(url.searchParams, 'student-professionals') || isModalOpen(url.searchParams, 'add-profile')
	const [{ rows, total }, staff, questionnaires, student] = await Promise.all([
		unlessIllegal(list, () => listManagedStudents(app, list.query), NO_ROWS),
		editing ? listProfessionalOptions(app) : [],
		isModalOpen(url.searchParams, 'add-profile') ? listPublishedQuestionnaires(app) : [],
		editing && studentId ? getStudentDetails(app, studentId) : null,
	])
	return data({ rows, total, query: list.query, illegal: list.illegal, staff, questionnaires, student, today: todayInUk() }, listStatus(list))
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'needManager')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const back = pageAfter(url)
	const id = postedId(formData)
	if (intent === 'professionals') {
		const saved = await saveSubmission(formData, ProfessionalsSchema, (value) => setStudentProfessionals(app, id, value), { extra: { intent } })
		if (!saved.ok) return saved.response
		return redirectWithToast(app.em, back, { type: 'success', title: 'Professionals saved' })
	}
	if (intent === 'create-profile') {
		const submission = parseWithZod(formData, { schema: ProfileSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		try {
			const { intervalWeeks, endDate, ...rest } = submission.value
			await createProfile(app, id, { ...rest, intervalWeeks: intervalWeeks ?? null, endDate: endDate ?? null })
		} catch (error) {
			return refused(app, back, error)
		}
		return redirectWithToast(app.em, back, { type: 'success', title: 'Profile created', description: 'Its respondents will find it under Questionnaires.' })
	}
	if (intent === 'close-profile') {
		await closeProfile(app, id)
		return redirectWithToast(app.em, back, { type: 'success', title: 'Profile closed' })
	}
	return data({ intent: null, result: null }, { status: 400 })
}

const resultFor = (actionData: { intent: string | null; result: unknown } | undefined, intent: string) =>
	actionData?.intent === intent ? (actionData.result as never) : undefined

export default function ManageStudents({ loaderData, actionData }: Route.ComponentProps) {
	const { rows, total, query, illegal, staff, questionnaires, student, today } = loaderData
	const location = useLocation()
	const closing = rows.flatMap((row) => row.profiles.map((profile) => ({ ...profile, student: row.name }))).find(
		(profile) => profile.id === new URLSearchParams(location.search).get('id'),
	)
	return (
		<>
			<PageHeader title="Manage students">
				Each student’s key and connected professionals and their assessment profiles. A profile asks its respondents to
				answer a questionnaire once, or every few weeks.
			</PageHeader>
			<ListSearch id="manage-search" label="Search by name or UPN" name="Students" q={query.q} illegal={illegal} className="mb-4" />
			<ListPanel empty={rows.length === 0} emptyMessage={query.q ? 'No matching data' : 'No data'} illegal={illegal} page={{ ...query, total }} noun="students">
				<ManagedStudentsTable rows={rows} />
			</ListPanel>

			{student ? (
				<>
					<UrlModal name="student-professionals" title={`Professionals of ${student.firstName} ${student.lastName}`}>
						<ProfessionalsForm
							key={student.id}
							studentId={student.id}
							professionals={staff}
							current={student}
							lastResult={resultFor(actionData, 'professionals')}
						/>
					</UrlModal>
					<UrlModal name="add-profile" title={`One-time/recurring profile for ${student.firstName} ${student.lastName}`} size="lg">
						<ProfileForm
							key={student.id}
							studentId={student.id}
							questionnaires={questionnaires}
							respondents={staff}
							today={today}
							lastResult={resultFor(actionData, 'create-profile')}
						/>
					</UrlModal>
				</>
			) : null}
			{closing ? (
				<ConfirmModal name="close-profile" title="Close profile" intent="close-profile" fields={{ id: closing.id }} confirmLabel="Close profile">
					<p>
						Close the {closing.questionnaire} profile of {closing.student}? No new rounds will open; the answers already given are
						kept.
					</p>
				</ConfirmModal>
			) : null}
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Manage students · Spencer' }]
