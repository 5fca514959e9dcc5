import { useId, type ReactNode } from 'react'
import { useActionData, useLocation, useNavigate } from 'react-router'
import { closeModalHref, modalLayer, openModals } from '#app/lib/modals.ts'
import { Dialog } from './Dialog.tsx'
import { ButtonLink } from './Link.tsx'
import { Modal, layerClass, modalStyles, overlayClass } from './Modal.tsx'
import { useHydrated } from './hydrated.ts'
import { useModalFocusReturn } from './modal-focus.ts'
import { useCarriedAcrossHydration } from './url-modal-hydration.ts'

export interface UrlModalProps {
	/** Open while the URL has `?modal=<name>`. */
	name: string
	title: ReactNode
	children: ReactNode
	/** More actions beside Close (links, or buttons of a form inside `children`). */
	footer?: ReactNode
	size?: 'sm' | 'md' | 'lg'
	closeLabel?: string
}

/**
 * A modal addressed by the URL (docs/architecture.md#routes). Open it with a link to
 * `modalHref(location, name)`. On the server (and without JavaScript) it is an
 * open dialog with a Close link to the URL without it; once hydrated it is a
 * React Aria modal (focus trapped), and Escape or a click outside navigates to
 * that same close URL, so Back reopens and forward closes as in the history.
 */
export function UrlModal({ name, title, children, footer, size, closeLabel = 'Close' }: UrlModalProps) {
	const location = useLocation()
	const navigate = useNavigate()
	const hydrated = useHydrated()
	// A page drawn with action data answers a refused post (a post that is done redirects): its refused field, or the
	// form's errors, take the focus as the page loads (ADR 101), not the dialog around them.
	const refused = useActionData() != null
	const headingId = useId()
	const layer = modalLayer(location.search, name)
	// Closing navigates, so the page may re-render its opener: focus goes back to the link to where it was open.
	useModalFocusReturn(layer !== -1 && hydrated)
	const open = layer !== -1
	// What the plain dialog held (typed text, a refused field's focus) is carried to React Aria's once hydrated.
	useCarriedAcrossHydration(name, open, hydrated, refused)
	if (layer === -1) return null
	const closeHref = closeModalHref(location, name)
	const isTop = layer === openModals(location.search).length - 1

	const actions = (
		<>
			{footer}
			<ButtonLink to={closeHref} preventScrollReset variant="secondary" data-modal-close="">
				{closeLabel}
			</ButtonLink>
		</>
	)

	if (!hydrated) {
		// No focus trap without JavaScript: autofocus brings keyboard and screen-reader users to the top dialog, or to
		// what a refused post asks them to correct in it; Close is a real link.
		return (
			<div className={`${overlayClass} ${layerClass(layer)}`}>
				<div
					role="dialog"
					aria-modal="true"
					aria-labelledby={headingId}
					data-url-modal-plain={name}
					tabIndex={-1}
					// eslint-disable-next-line jsx-a11y/no-autofocus
					autoFocus={isTop && !refused}
					className={modalStyles({ size, className: 'flex flex-col gap-4 p-6 outline-0' })}
				>
					<h2 id={headingId} className="text-xl font-semibold text-slate-900">
						{title}
					</h2>
					<div className="text-slate-800">{children}</div>
					<div className="flex flex-wrap justify-end gap-2">{actions}</div>
				</div>
			</div>
		)
	}

	return (
		<Modal
			isOpen
			isDismissable
			layer={layer}
			size={size}
			onOpenChange={(isOpen) => {
				if (!isOpen) void navigate(closeHref, { preventScrollReset: true })
			}}
		>
			<Dialog title={title} footer={actions} data-url-modal={name}>
				{children}
			</Dialog>
		</Modal>
	)
}
