import { useNavigation } from 'react-router'
import { Button } from '#app/components/ui/Button.tsx'
import { Form } from '#app/components/ui/Form.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { Section } from './Section.tsx'

const POSITIONS = [
	{ value: 'top-right', label: 'Top right' },
	{ value: 'top-left', label: 'Top left' },
	{ value: 'bottom-right', label: 'Bottom right' },
	{ value: 'bottom-left', label: 'Bottom left' },
]

/** A form whose action answers with a toast, shown where the pressed button says. */
export function ToastSection() {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' ? navigation.formData?.get('position') : null
	return (
		<Section
			title="Toasts"
			description="The server answers with a toast. With JavaScript a success or information closes itself after 4 seconds, a warning or error stays until closed; without JavaScript, each stays until the next page or its Close link."
		>
			<Form method="post" className="flex flex-col gap-4">
				<RadioGroup name="type" label="Kind of toast" orientation="horizontal" defaultValue="success">
					<Radio value="success">Success</Radio>
					<Radio value="error">Error</Radio>
					<Radio value="warning">Warning</Radio>
					<Radio value="info">Information</Radio>
				</RadioGroup>
				<div className="flex flex-wrap gap-3">
					{POSITIONS.map((position) => (
						<Button key={position.value} type="submit" name="position" value={position.value} variant="secondary" isPending={pending === position.value}>
							Show {position.label.toLowerCase()}
						</Button>
					))}
				</div>
			</Form>
		</Section>
	)
}
