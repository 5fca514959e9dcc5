import { Modal as AriaModal, ModalOverlay as AriaModalOverlay, type ModalOverlayProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'

export const overlayClass =
	'fixed inset-0 flex min-h-full items-center justify-center overflow-y-auto bg-slate-900/50 p-4 text-center'

// Literal class names, so Tailwind finds them; no inline style (the CSP may forbid it).
const LAYERS = ['z-50', 'z-[51]', 'z-[52]', 'z-[53]', 'z-[54]', 'z-[55]']
export function layerClass(layer: number): string {
	return LAYERS[Math.min(Math.max(layer, 0), LAYERS.length - 1)] ?? 'z-50'
}

export const modalStyles = tv({
	base: 'w-full max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-slate-300 bg-white text-left align-middle shadow-2xl forced-colors:bg-[Canvas]',
	variants: {
		size: { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' },
	},
	defaultVariants: { size: 'md' },
})

export interface ModalProps extends ModalOverlayProps {
	size?: 'sm' | 'md' | 'lg'
	/** Stacking order among open modals: 0 is the lowest. */
	layer?: number
}

/**
 * A modal overlay (focus trapped, page behind inert, Escape and a click
 * outside close it when `isDismissable`). Put a Dialog inside. It needs
 * JavaScript; for a modal that must open without it, use UrlModal.
 */
export function Modal({ size, layer = 0, className, ...props }: ModalProps) {
	return (
		<AriaModalOverlay
			{...props}
			className={`${overlayClass} ${layerClass(layer)}`}
		>
			<AriaModal className={modalStyles({ size, className: typeof className === 'string' ? className : undefined })}>
				{props.children}
			</AriaModal>
		</AriaModalOverlay>
	)
}
