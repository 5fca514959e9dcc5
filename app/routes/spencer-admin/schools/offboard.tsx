import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, Link, useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { ExportStatus } from '#app/components/exports/ExportStatus.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { OffboardingCounts } from '#app/components/schools/OffboardingCounts.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { OffboardSchema } from '#app/lib/offboarding-schema.ts'
import { latestSchoolExport, requestSchoolExport, type ExportView } from '#app/services/exports.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { OffboardingRefusal, offboardSchool, previewOffboarding, type OffboardingBlocker } from '#app/services/offboarding.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/offboard.ts'
import { plural } from '#app/lib/plural.ts'

const BLOCKER_TEXT: Record<OffboardingBlocker, string> = {
	'not-archived': 'The school is not archived. Archive it on its page first, so that nobody is working in it.',
	'import-running': 'An import of this school is queued or running. Offboard the school once it has finished.',
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const preview = await previewOffboarding(app, params.id)
	return { ...preview, export: await latestSchoolExport(app, preview.school.id) }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const formData = await request.formData()
	if (formData.get('intent') === 'export') {
		await requestSchoolExport(app, params.id)
		return redirectWithToast(app.em, `/spencer-admin/schools/${params.id}/offboard`, { type: 'success', title: 'Export queued', description: 'It is being prepared.' })
	}
	if (formData.get('intent') !== 'offboard') return data({ result: null }, { status: 400 })
	const submission = parseWithZod(formData, { schema: OffboardSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const done = await offboardSchool(app, params.id, submission.value)
		const students = done.counts.find((line) => line.key === 'students')?.n ?? 0
		// The record of the offboarding, where what is left of the school is counted again (ADR 081).
		return redirectWithToast(app.em, `/spencer-admin/schools/${done.id}/offboarded`, {
			type: 'success',
			title: `${done.name} offboarded`,
			description: `The school and its ${plural(students, 'student record')} have been deleted.`,
		})
	} catch (error) {
		if (!(error instanceof OffboardingRefusal)) throw error
		const reply = error.field ? submission.reply({ fieldErrors: { [error.field]: [error.message] } }) : submission.reply({ formErrors: [error.message] })
		return data({ result: reply }, { status: error.field ? 400 : 409 })
	}
}

export default function OffboardSchool({ loaderData, actionData }: Route.ComponentProps) {
	const { school, counts, blockers, export: schoolExport } = loaderData
	const deleted = counts.filter((line) => !line.kept)
	const kept = counts.filter((line) => line.kept)
	return (
		<>
			<BackLink to={`/spencer-admin/schools/${school.id}`}>{school.name}</BackLink>
			<PageHeader title={`Offboard ${school.name}`}>
				When a school leaves Spencer, give it everything Spencer holds, then delete it all for good: its students and
				their records, its staff directory and groups, and the accounts of staff who work at no other school.
			</PageHeader>

			<ol className="flex max-w-4xl flex-col gap-6">
				<li>
					<Step heading="1. Archive the school" id="archive-heading">
						{school.archived ? (
							<p>Done: the school is archived, so nobody can sign in to it.</p>
						) : (
							<p>
								The school is not archived yet.{' '}
								<Link to={`/spencer-admin/schools/${school.id}`} className="font-medium text-brand underline underline-offset-2">
									Archive it on its page
								</Link>{' '}
								so that its staff stop working in it; archiving can be undone.
							</p>
						)}
					</Step>
				</li>
				<li>
					<Step heading="2. Export the school" id="export-heading">
						<SchoolExport schoolId={school.id} job={schoolExport} />
					</Step>
				</li>
				<li>
					<Step heading="3. Check what will be deleted" id="dry-run-heading">
						<p className="mb-4">Counted now, without changing anything. The offboarding deletes exactly these rows, in one step that either does all of it or none.</p>
						<OffboardingCounts caption="Deleted with the school" rows={deleted} />
						<OffboardingCounts className="mt-6" caption="Kept, changed" rows={kept} />
					</Step>
				</li>
				<li>
					<Step heading="4. Delete the school" id="delete-heading" danger>
						{blockers.length ? (
							<div role="status">
								<p className="mb-2 font-semibold">The school can’t be offboarded yet:</p>
								<ul className="list-disc pl-6">
									{blockers.map((blocker) => (
										<li key={blocker}>{BLOCKER_TEXT[blocker]}</li>
									))}
								</ul>
							</div>
						) : (
							<OffboardForm subdomain={school.subdomain} lastResult={actionData?.result} />
						)}
					</Step>
				</li>
			</ol>
		</>
	)
}

/** Step 2: the whole school as one ZIP for the school to keep, asked for here and downloaded before the deletion. */
function SchoolExport({ schoolId, job }: { schoolId: string; job: ExportView | null }) {
	const location = useLocation()
	return (
		<>
			<p className="mb-4 max-w-prose">
				One ZIP file for the school to keep: every student’s report and data (as in a subject access export), the staff
				directory and the groups. Download it and hand it to the school before deleting; it is deleted with the school, or
				after 7 days.
			</p>
			{job ? (
				<div className="mb-4">
					<ExportStatus
						job={job}
						noun="students"
						downloadHref={`/spencer-admin/schools/${schoolId}/exports/${job.id}/download`}
						refreshHref={`${location.pathname}${location.search}`}
					/>
				</div>
			) : null}
			<Form method="post">
				<SubmitButton intent="export" variant="secondary">
					{job ? 'Prepare a new export' : 'Prepare the export'}
				</SubmitButton>
			</Form>
		</>
	)
}

function Step({ heading, id, danger, children }: { heading: string; id: string; danger?: boolean; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className={`rounded-lg border bg-white p-6 ${danger ? 'border-red-700' : 'border-slate-200'}`}>
			<h2 id={id} className={`mb-3 text-lg font-semibold ${danger ? 'text-red-800' : 'text-slate-900'}`}>
				{heading}
			</h2>
			{children}
		</section>
	)
}

function OffboardForm({ subdomain, lastResult }: { subdomain: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'offboard-school',
		lastResult,
		constraint: getZodConstraint(OffboardSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: OffboardSchema }),
	})
	return (
		<Form method="post" className="flex max-w-prose flex-col gap-4" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<p className="font-semibold">This cannot be undone. Spencer keeps only a record that the school was offboarded, and when.</p>
			<TextField {...textFieldProps(fields.confirmation)} label={`Type the school’s subdomain, ${subdomain}, to confirm`} autoComplete="off" isRequired />
			<div>
				<SubmitButton intent="offboard" variant="danger">
					Delete the school and everything it holds
				</SubmitButton>
			</div>
		</Form>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Offboard ${loaderData?.school.name ?? 'school'} · Spencer` }]
