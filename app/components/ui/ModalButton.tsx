import { type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { modalWith } from '#app/lib/modals.ts'
import { ButtonLink, type ButtonLinkProps } from './Link.tsx'

// A module apart from UrlModal.tsx: a page downloads its openers on every visit, its modals' code (React Aria's dialog)
// only when the URL opens one (ADR 059).

/**
 * A button-looking link that opens one of the page's URL modals, with the params that name its record (`{ id }`),
 * keeping the scroll position: a row's "Edit" or "Delete". A row's button says whose it is to a screen reader in an
 * `sr-only` part of its children.
 */
export function ModalButton({
	modal,
	params,
	...props
}: Omit<ButtonLinkProps, 'to' | 'preventScrollReset'> & { modal: string; params?: Record<string, string> }) {
	const location = useLocation()
	return <ButtonLink {...props} to={modalWith(location, modal, params)} preventScrollReset />
}

/**
 * A row's small ModalButton for its record `id`: the visible label ("Edit"), then, for a screen reader, whose it is
 * (`of`: "Ann Smith", or "of Ann Smith").
 */
export function RowModalButton({
	modal,
	id,
	of,
	variant = 'secondary',
	children,
}: {
	modal: string
	id: string
	of: ReactNode
	variant?: ButtonLinkProps['variant']
	children: ReactNode
}) {
	return (
		<ModalButton modal={modal} params={{ id }} variant={variant} size="sm">
			{children}
			<span className="sr-only"> {of}</span>
		</ModalButton>
	)
}
