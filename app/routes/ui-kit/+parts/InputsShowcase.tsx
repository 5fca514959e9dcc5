import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { ComboBox } from '#app/components/ui/ComboBox.tsx'
import { MaskedTextField } from '#app/components/ui/MaskedTextField.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { SCHOOLS, YEAR_GROUPS } from './inputs-options.ts'
import { Section } from './Section.tsx'

const yearOptions = YEAR_GROUPS.map((year) => ({ value: year, label: year }))
const schoolOptions = SCHOOLS.map((school) => ({ ...school }))
const grid = 'grid max-w-3xl gap-6 md:grid-cols-2'

/** Every field, with its states, outside any form. */
export function InputsShowcase() {
	return (
		<>
			<Section title="Text fields" description="The same field serves text, email, password, telephone and web addresses.">
				<div className={grid}>
					<TextField label="First name" autoComplete="given-name" description="As on the school's records." />
					<TextField label="Email address" type="email" autoComplete="email" placeholder="name@school.org.uk" />
					<TextField label="Password" type="password" autoComplete="current-password" />
					<TextField label="Telephone" type="tel" autoComplete="tel" />
					<TextField label="Website" type="url" autoComplete="url" />
					<TextField label="Required field" isRequired description="Marked required for assistive technology." />
					<TextField label="Disabled field" isDisabled defaultValue="Cannot be changed" />
					{/* eslint-disable-next-line jsx-a11y/no-autofocus -- shown invalid on purpose: it opts out of a refused field's focus (ADR 101) */}
					<TextField label="Invalid field" isInvalid defaultValue="oakfield!" errorMessage="Use only lower-case letters, digits and hyphens." autoFocus={false} />
					<TextArea label="Notes" description="A longer answer." className="md:col-span-2" />
				</div>
			</Section>
			<Section title="Masked fields" description="The mask filters keys as you type; the server checks the value anyway.">
				<div className={grid}>
					<MaskedTextField label="Digits only" mask="digits" description="e.g. a URN: 6 digits." maskOptions={{ maxLength: 6 }} />
					<MaskedTextField label="Letters only" mask="letters" description="Letters of any alphabet." />
					<MaskedTextField label="Letters and digits" mask="alphanumeric" description="Upper-cased, up to 13." maskOptions={{ uppercase: true, maxLength: 13 }} />
					<MaskedTextField label="Amount" mask="number" description="en-GB, 2 decimals: 1,234.56." maskOptions={{ fractionDigits: 2 }} />
				</div>
			</Section>
			<Section title="Choices" description="Select and combo box are native selects until the page is interactive, so they work without JavaScript.">
				<div className={grid}>
					<Select label="Year group" options={yearOptions} description="One of the school's year groups." />
					<Select label="Year group (disabled)" options={yearOptions} defaultValue="Year 7" isDisabled />
					<ComboBox label="School" options={schoolOptions} description="Type to filter the list." />
					<ComboBox label="Job title" options={[{ value: 'senco', label: 'SENCo' }, { value: 'teacher', label: 'Class teacher' }]} allowsCustomValue description="Choose or type your own." />
					{/* eslint-disable-next-line jsx-a11y/no-autofocus -- shown invalid on purpose: it opts out of a refused field's focus (ADR 101) */}
					<Select label="Year group (invalid)" options={yearOptions} isInvalid errorMessage="Choose a year group." autoFocus={false} />
					<RadioGroup label="Gender" orientation="horizontal" defaultValue="female">
						<Radio value="female">Female</Radio>
						<Radio value="male">Male</Radio>
						<Radio value="other">Other</Radio>
					</RadioGroup>
					{/* eslint-disable-next-line jsx-a11y/no-autofocus -- shown invalid on purpose: it opts out of a refused group's focus (ADR 103) */}
					<RadioGroup label="SEN status" description="Vertical radios." isInvalid errorMessage="Choose an SEN status." autoFocus={false}>
						<Radio value="none">None</Radio>
						<Radio value="support">SEN support</Radio>
						<Radio value="ehc">EHC plan</Radio>
					</RadioGroup>
					<div className="flex flex-col gap-3">
						<Checkbox defaultSelected>Send me a copy</Checkbox>
						<Checkbox description="Shown on the profile page.">Key professional</Checkbox>
						<Checkbox isDisabled>Disabled</Checkbox>
						<Checkbox isInvalid errorMessage="Confirm to go on.">I confirm</Checkbox>
					</div>
				</div>
			</Section>
		</>
	)
}
