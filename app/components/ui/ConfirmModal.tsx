import { type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { withoutModals } from '#app/lib/modals.ts'
import { UrlModal } from './UrlModal.tsx'

/**
 * "Are you sure?" as a URL modal: a real form post, so it works without
 * JavaScript. It posts to the page without the modal, so whatever the answer
 * (done, or refused with a toast) the modal is closed, and without the
 * `drop` params that named its target (`id` and `domainId` unless told).
 */
export function ConfirmModal({
	name,
	title,
	intent,
	fields,
	drop = ['id', 'domainId'],
	confirmLabel,
	closeLabel = 'Cancel',
	variant = 'danger',
	children,
}: {
	name: string
	title: string
	intent: string
	/** Hidden inputs the action needs, e.g. `{ id }` (a list posts one input per value). */
	fields: Record<string, string | string[]>
	/** The query params to leave out of the post's URL. */
	drop?: string[]
	confirmLabel: string
	closeLabel?: string
	variant?: 'primary' | 'danger'
	children: ReactNode
}) {
	const location = useLocation()
	return (
		<UrlModal name={name} title={title} size="sm" closeLabel={closeLabel}>
			<Form method="post" action={withoutModals(location, drop)} className="flex flex-col gap-4">
				{Object.entries(fields).flatMap(([key, value]) =>
					(Array.isArray(value) ? value : [value]).map((one, index) => <input key={`${key}-${index}`} type="hidden" name={key} value={one} />),
				)}
				<div>{children}</div>
				<div>
					<SubmitButton intent={intent} variant={variant}>
						{confirmLabel}
					</SubmitButton>
				</div>
			</Form>
		</UrlModal>
	)
}
