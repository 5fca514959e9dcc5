import { useNavigation } from 'react-router'
import { Button } from '#app/components/ui/Button.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { ComboBox } from '#app/components/ui/ComboBox.tsx'
import { Form } from '#app/components/ui/Form.tsx'
import { MaskedTextField } from '#app/components/ui/MaskedTextField.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { SCHOOLS, SEVERITIES, SEVERITY_LABELS, YEAR_GROUPS } from './inputs-options.ts'
import type { DemoErrors, DemoValues } from './inputs-schema.ts'
import { Section } from './Section.tsx'

type Result =
	| { status: 'error'; errors: DemoErrors; values: DemoValues }
	| { status: 'success'; saved: Record<string, unknown> }
	| undefined

/** A form that posts to the page's action; the server's errors come back beside each field. */
export function InputsDemoForm({ result }: { result: Result }) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formAction === '/ui-kit/inputs'
	const errors: DemoErrors | undefined = result?.status === 'error' ? result.errors : undefined
	const values: DemoValues = result?.status === 'error' ? result.values : {}
	return (
		<Section
			title="Demo form"
			description="Posts to the server, which checks every field (with zod) and answers with the errors beside the fields. It works the same without JavaScript."
		>
			{result?.status === 'success' ? (
				<p role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
					Saved: the server accepted every field.
				</p>
			) : null}
			<Form method="post" validationErrors={errors} className="grid max-w-3xl gap-6 md:grid-cols-2">
				<TextField name="name" label="Full name" autoComplete="name" isRequired defaultValue={values.name} />
				<TextField
					name="email"
					type="email"
					label="Email address"
					autoComplete="email"
					isRequired
					defaultValue={values.email}
				/>
				<TextField
					name="password"
					type="password"
					label="Password"
					description="At least 8 characters. Never sent back to the page."
					autoComplete="new-password"
				/>
				<MaskedTextField
					name="upn"
					label="UPN"
					description="13 letters and digits, e.g. B801200005001."
					mask="alphanumeric"
					maskOptions={{ uppercase: true, maxLength: 13 }}
					autoComplete="off"
					defaultValue={values.upn}
				/>
				<Select
					name="yearGroup"
					label="Year group"
					options={YEAR_GROUPS.map((year) => ({ value: year, label: year }))}
					defaultValue={values.yearGroup}
				/>
				<ComboBox
					name="school"
					label="School"
					description="Type to filter."
					options={SCHOOLS.map((school) => ({ ...school }))}
					defaultValue={values.school}
				/>
				<RadioGroup
					name="severity"
					label="Severity"
					orientation="horizontal"
					defaultValue={values.severity}
				>
					{SEVERITIES.map((severity) => (
						<Radio key={severity} value={severity}>
							{SEVERITY_LABELS[severity]}
						</Radio>
					))}
				</RadioGroup>
				<MaskedTextField
					name="hours"
					label="Support hours a week"
					description="A number with up to 2 decimals, e.g. 12.5."
					mask="number"
					maskOptions={{ fractionDigits: 2 }}
					defaultValue={values.hours}
				/>
				<TextArea
					name="notes"
					label="Notes"
					description="Up to 200 characters."
					className="md:col-span-2"
					defaultValue={values.notes}
				/>
				<Checkbox name="consent" value="yes" defaultSelected={values.consent === 'yes'} className="md:col-span-2">
					I have read the guidance on recording needs
				</Checkbox>
				<div className="md:col-span-2">
					<Button type="submit" isPending={submitting}>
						Check and save
					</Button>
				</div>
			</Form>
		</Section>
	)
}
