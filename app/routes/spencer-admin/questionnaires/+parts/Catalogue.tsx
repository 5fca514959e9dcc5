import { Fragment, type ReactElement, type ReactNode } from 'react'
import type { DefaultValue } from '@conform-to/react'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { resultFor, type ActionResult, type FormProps } from './forms.tsx'

/**
 * One of the builder's lists (questionnaires, themes, recommendations): its heading, what it is for, the button that
 * opens its create modal, then the list itself.
 */
export function CatalogueSection({
	id,
	title,
	intro,
	create,
	children,
}: {
	/** Names the heading (`<id>-heading`) that labels the section. */
	id: string
	title: string
	intro?: string
	create: { modal: string; label: string }
	children: ReactNode
}) {
	const heading = (
		<h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
			{title}
		</h2>
	)
	return (
		<section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center justify-between gap-4">
				{intro ? (
					<div>
						{heading}
						<p className="text-sm text-slate-700">{intro}</p>
					</div>
				) : (
					heading
				)}
				<ModalButton modal={create.modal}>{create.label}</ModalButton>
			</div>
			{children}
		</section>
	)
}

/**
 * A list's "Create <noun>" modal, and its "Edit <noun>" modal while a record is being edited: the same form in each,
 * posting the `create` or `edit` intent (the edit with the record's id).
 */
export function CreateEditModals<Values>({
	noun,
	intents = { create: `create-${noun}`, edit: `edit-${noun}` },
	size,
	creating,
	editing,
	actionData,
	renderForm,
}: {
	noun: string
	intents?: { create: string; edit: string }
	size?: 'lg'
	/** The create form's starting values. */
	creating?: DefaultValue<Values>
	editing: { id: string; values: DefaultValue<Values> } | null
	actionData: ActionResult | undefined
	/** Renders the form with these props: `(props) => <ThemeForm {...props} />` (a render function, not a component). */
	renderForm: (props: FormProps<Values>) => ReactElement
}) {
	return (
		<>
			<UrlModal name={`create-${noun}`} title={`Create ${noun}`} size={size}>
				{renderForm({ intent: intents.create, submitLabel: `Create ${noun}`, defaultValue: creating, lastResult: resultFor(actionData, intents.create) })}
			</UrlModal>
			{editing ? (
				<UrlModal name={`edit-${noun}`} title={`Edit ${noun}`} size={size}>
					<Fragment key={editing.id}>
						{renderForm({
							intent: intents.edit,
							submitLabel: `Save ${noun}`,
							hidden: { id: editing.id },
							defaultValue: editing.values,
							lastResult: resultFor(actionData, intents.edit),
						})}
					</Fragment>
				</UrlModal>
			) : null}
		</>
	)
}
