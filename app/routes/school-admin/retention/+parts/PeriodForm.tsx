import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { RetentionPeriodSchema } from '#app/lib/retention-schema.ts'
import { RETENTION_YEARS } from '#app/models/enums.ts'

/**
 * The school's retention period (ADR 070): how many whole years the records of a student who left are kept after they
 * were archived, with the guidance a school admin needs to choose it.
 */
export function PeriodForm({ years, lastResult }: { years: number; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'retention-period',
		lastResult,
		defaultValue: { years: String(years) },
		constraint: getZodConstraint(RetentionPeriodSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RetentionPeriodSchema }),
	})
	return (
		<section aria-labelledby="period-heading" className="rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="period-heading" className="mb-2 text-lg font-semibold text-slate-900">
				Retention period
			</h2>
			<p className="mb-4 max-w-prose text-slate-800">
				When a student leaves, archive them. Spencer keeps their records — details, profiles, answers and plan — for this
				many years from the day they were archived, then erases them overnight, as an erasure on request does. Only an
				anonymous count stays for your school’s figures. Restoring a student stops the clock; archiving them again starts
				it afresh.
			</p>
			<div className="grid gap-6 lg:grid-cols-2">
				<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
					<FormErrors id={form.errorId} errors={form.errors} />
					<TextField
						{...textFieldProps(fields.years)}
						label="Keep records for (years)"
						description={`A whole number of years from ${RETENTION_YEARS.min} to ${RETENTION_YEARS.max}. Spencer’s default is ${RETENTION_YEARS.default}.`}
						type="number"
						inputMode="numeric"
						isRequired
						className="max-w-60"
					/>
					<div>
						<SubmitButton intent="period">Save period</SubmitButton>
					</div>
				</Form>
				<Guidance />
			</div>
		</section>
	)
}

/** How to choose: Spencer is not the statutory pupil file; the IRMS toolkit's periods for the records next to it. */
function Guidance() {
	return (
		<div className="max-w-prose rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
			<h3 className="mb-2 font-semibold text-slate-900">Choosing a period</h3>
			<p className="mb-2">
				Spencer holds wellbeing questionnaires and plans, not the pupil’s statutory file, which stays in your MIS. Keep them
				only as long as your school needs them, and say so in your records management policy. The Information and Records
				Management Society’s toolkit for schools is the usual guide:
			</p>
			<ul className="list-disc space-y-1 pl-5">
				<li>
					<strong>{RETENTION_YEARS.default} years</strong> (Spencer’s default): the limitation period for most claims, after
					which records are rarely needed.
				</li>
				<li>
					<strong>1 to 2 years</strong>: a primary school, whose pupil files go on to the next school when pupils leave.
				</li>
				<li>
					<strong>Longer, up to {RETENTION_YEARS.max} years</strong>: a secondary or special school that keeps these records
					with its SEN files, which the toolkit keeps until the pupil’s 31st birthday.
				</li>
			</ul>
			<p className="mt-2">
				A student whose records must be kept longer — a safeguarding concern, a complaint or a claim — can be put on hold
				below.
			</p>
		</div>
	)
}
