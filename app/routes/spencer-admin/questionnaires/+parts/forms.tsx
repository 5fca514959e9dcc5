import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { Form } from '#app/components/forms/Form.tsx'
import type { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { selectFieldProps, textFieldProps } from '#app/components/forms/field-props.ts'
import { SEVERITY_LABELS } from '#app/components/questionnaires/StatusBadge.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { RECOMMENDATION_SEVERITIES } from '#app/models/enums.ts'
import {
	DomainSchema,
	NO_THEME,
	QuestionSchema,
	QuestionTextSchema,
	QuestionnaireSchema,
	RecommendationSchema,
} from './schemas.ts'

export type ActionResult = { intent: string | null; result: SubmissionResult<string[]> | null }
export type Choice = { value: string; label: string }

/** The server's answer to this form, when the last post was this form's. */
export function resultFor(actionData: ActionResult | undefined, intent: string) {
	return actionData?.intent === intent ? (actionData.result ?? undefined) : undefined
}

export type FormProps<Values> = {
	intent: string
	submitLabel: string
	/** Hidden inputs the action needs (the record's id…). */
	hidden?: Record<string, string>
	defaultValue?: DefaultValue<Values>
	lastResult?: SubmissionResult<string[]>
}

function Hidden({ values }: { values?: Record<string, string> }) {
	return Object.entries(values ?? {}).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
}

/** A builder form's conform state: checked against `schema` as it is sent (ADR 102), and by the server, whose answer is `lastResult`. */
function useBuilderForm<Values extends Record<string, unknown>>(schema: z.ZodType<Values, Values>, { intent, defaultValue, lastResult }: FormProps<Values>) {
	return useForm<Values>({
		id: `form-${intent}`,
		lastResult,
		defaultValue,
		constraint: getZodConstraint(schema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
	})
}

/** A builder form's frame: the hidden inputs, the form's own errors, its fields, and the button that posts `intent`. */
function BuilderForm<Values extends Record<string, unknown>>({
	form,
	intent,
	submitLabel,
	hidden,
	children,
}: Pick<FormProps<Values>, 'intent' | 'submitLabel' | 'hidden'> & { form: FormMetadata<Values, string[]>; children: ReactNode }) {
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<Hidden values={hidden} />
			<FormErrors id={form.errorId} errors={form.errors} />
			{children}
			<div>
				<SubmitButton intent={intent}>{submitLabel}</SubmitButton>
			</div>
		</Form>
	)
}

export type QuestionnaireValues = { title: string; description?: string }

export function QuestionnaireForm(props: FormProps<QuestionnaireValues>) {
	const [form, fields] = useBuilderForm<QuestionnaireValues>(QuestionnaireSchema, props)
	return (
		<BuilderForm form={form} {...props}>
			<TextField {...textFieldProps(fields.title)} label="Title" isRequired />
			<TextArea {...textFieldProps(fields.description)} label="Description" description="Shown to the staff who answer it." />
		</BuilderForm>
	)
}

export type DomainValues = { name: string; description?: string }

/** The name-and-description form of a domain (and of a theme). */
export function DomainForm(props: FormProps<DomainValues>) {
	const [form, fields] = useBuilderForm<DomainValues>(DomainSchema, props)
	return (
		<BuilderForm form={form} {...props}>
			<TextField {...textFieldProps(fields.name)} label="Name" isRequired />
			<TextArea {...textFieldProps(fields.description)} label="Description" />
		</BuilderForm>
	)
}

type QuestionValues = { text: string; themeId?: string; reverse?: boolean }

/**
 * A question's text, theme and reverse flag. `locked` (the questionnaire has
 * profiles) leaves only the text editable: the theme and reverse flag decide
 * how existing answers are scored, so they are shown, not posted.
 */
export function QuestionForm({
	themes,
	locked,
	lockedTheme,
	...props
}: FormProps<QuestionValues> & { themes: Choice[]; locked?: boolean; lockedTheme?: string | null }) {
	const [form, fields] = useBuilderForm<QuestionValues>(locked ? QuestionTextSchema : QuestionSchema, props)
	const reverseField = fields.reverse
	return (
		<BuilderForm form={form} {...props}>
			<TextArea {...textFieldProps(fields.text)} label="Question" rows={3} isRequired />
			{locked ? (
				<p className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
					Theme: {lockedTheme ?? 'none'}. Reverse-scored: {props.defaultValue?.reverse ? 'yes' : 'no'}. These decide how
					answers are scored, so they stay as they are while the questionnaire has profiles.
				</p>
			) : (
				<>
					<Select
						{...selectFieldProps(fields.themeId, NO_THEME)}
						label="Theme"
						description="Optional: the theme this question counts towards."
						options={[{ value: NO_THEME, label: 'No theme' }, ...themes]}
					/>
					<Checkbox
						name={reverseField.name}
						value="on"
						defaultSelected={reverseField.initialValue === 'on'}
						description="For a positive statement, where “Never” shows the most need."
					>
						Reverse-scored
					</Checkbox>
				</>
			)}
		</BuilderForm>
	)
}

/** A theme has the same form as a domain: a name and a description. */
export const ThemeForm = DomainForm
export type ThemeValues = DomainValues

export type RecommendationValues = { title: string; description: string; themeId: string; severity: string }

export function RecommendationForm({ themes, ...props }: FormProps<RecommendationValues> & { themes: Choice[] }) {
	const [form, fields] = useBuilderForm<RecommendationValues>(RecommendationSchema, props)
	return (
		<BuilderForm form={form} {...props}>
			<TextField {...textFieldProps(fields.title)} label="Title" isRequired />
			<TextArea
				{...textFieldProps(fields.description)}
				label="Description"
				rows={6}
				description="Plain text. Leave a blank line between paragraphs; web addresses (https://…) become links."
				isRequired
			/>
			<Select {...selectFieldProps(fields.themeId)} label="Theme" options={themes} isRequired />
			<Select
				{...selectFieldProps(fields.severity)}
				label="Applies from severity"
				description="Suggested when the theme scores at this severity or above."
				options={RECOMMENDATION_SEVERITIES.map((severity) => ({ value: severity, label: SEVERITY_LABELS[severity] }))}
				isRequired
			/>
		</BuilderForm>
	)
}
