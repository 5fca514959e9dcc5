import { Plus, Trash2 } from 'lucide-react'
import { useNavigation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { Button } from '#app/components/ui/Button.tsx'
import { buttonStyles, type ButtonSize, type ButtonVariant } from '#app/components/ui/button-styles.ts'
import { Icon } from '#app/components/ui/Icon.tsx'
import { ButtonLink, Link } from '#app/components/ui/Link.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import type { Route } from './+types/buttons.ts'
import { PageHeading, Section } from './+parts/Section.tsx'

const VARIANTS: { variant: ButtonVariant; label: string }[] = [
	{ variant: 'primary', label: 'Primary' },
	{ variant: 'secondary', label: 'Secondary' },
	{ variant: 'danger', label: 'Danger' },
	{ variant: 'ghost', label: 'Ghost' },
	{ variant: 'link', label: 'Link-looking' },
]
const SIZES: ButtonSize[] = ['sm', 'md', 'lg']

export async function action() {
	// Slow on purpose, so the pending state can be seen.
	await new Promise((resolve) => setTimeout(resolve, 800))
	return { savedAt: new Date().toISOString() }
}

export default function Buttons({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting' && navigation.formAction === '/ui-kit/buttons'
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Buttons</PageHeading>
			<Section title="Variants and sizes" description="Primary for the main action of a screen, danger for what destroys, link-looking for quiet actions.">
				<div className="flex flex-col gap-4">
					{VARIANTS.map(({ variant, label }) => (
						<div key={variant} className="flex flex-wrap items-center gap-3">
							{SIZES.map((size) => (
								<Button key={size} type="button" variant={variant} size={size}>
									{label} {size}
								</Button>
							))}
						</div>
					))}
				</div>
			</Section>
			<Section title="States" description="Disabled, pending (a spinner, the label kept, aria-disabled) and the keyboard focus ring.">
				<div className="flex flex-wrap items-center gap-3">
					<Button type="button" isDisabled>
						Disabled
					</Button>
					<Button type="button" variant="secondary" isDisabled>
						Disabled secondary
					</Button>
					<Button type="button" isPending>
						Saving changes
					</Button>
					<Button type="button" variant="danger" isPending>
						Deleting
					</Button>
					<span aria-hidden="true" className={buttonStyles({ variant: 'primary', isFocusVisible: true })}>
						Focus ring
					</span>
				</div>
			</Section>
			<Section title="With icons">
				<div className="flex flex-wrap items-center gap-3">
					<Button type="button">
						<Icon icon={Plus} className="size-4" />
						Add student
					</Button>
					<Button type="button" variant="danger">
						<Icon icon={Trash2} className="size-4" />
						Delete
					</Button>
					<Button type="button" variant="ghost" size="icon" aria-label="Add student">
						<Icon icon={Plus} className="size-5" />
					</Button>
				</div>
			</Section>
			<Section title="Links" description="Navigation is a link, even when it looks like a button.">
				<div className="flex flex-wrap items-center gap-4">
					<ButtonLink to="/ui-kit/inputs">Go to inputs</ButtonLink>
					<ButtonLink to="/ui-kit/misc" variant="secondary">
						Go to misc
					</ButtonLink>
					<Link to="/ui-kit/typography">A text link</Link>
				</div>
			</Section>
			<Section title="Pending while a form posts" description="With JavaScript the button shows its pending state until the server answers.">
				<Form method="post" className="flex flex-wrap items-center gap-4">
					<Button type="submit" isPending={saving}>
						Save
					</Button>
					<p role="status" className="text-slate-700">
						{actionData ? `Saved at ${formatDateTime(actionData.savedAt)}.` : null}
					</p>
				</Form>
			</Section>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Buttons · UI kit · Spencer' }]
