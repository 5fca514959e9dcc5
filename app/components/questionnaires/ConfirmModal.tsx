import { type ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { withoutModals } from './hrefs.ts'

/**
 * "Are you sure?" as a URL modal: a real form post, so it works without
 * JavaScript. It posts to the page without the modal, so whatever the answer
 * (done, or refused with a toast) the modal is closed.
 */
export function ConfirmModal({
	name,
	title,
	intent,
	fields,
	confirmLabel,
	children,
}: {
	name: string
	title: string
	intent: string
	/** Hidden inputs the action needs, e.g. `{ id }`. */
	fields: Record<string, string>
	confirmLabel: string
	children: ReactNode
}) {
	const location = useLocation()
	return (
		<UrlModal name={name} title={title} size="sm" closeLabel="Cancel">
			<Form method="post" action={withoutModals(location, ['id', 'domainId'])} className="flex flex-col gap-4">
				{Object.entries(fields).map(([key, value]) => (
					<input key={key} type="hidden" name={key} value={value} />
				))}
				<div>{children}</div>
				<div>
					<SubmitButton intent={intent} variant="danger">
						{confirmLabel}
					</SubmitButton>
				</div>
			</Form>
		</UrlModal>
	)
}
