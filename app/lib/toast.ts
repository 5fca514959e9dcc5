/** A toast as it travels in the flash cookie and reaches the toast regions. */
export type ToastType = 'success' | 'error' | 'warning' | 'info'
export const TOAST_POSITIONS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const
export type ToastPosition = (typeof TOAST_POSITIONS)[number]
/** `position`: the corner it shows in, top-right unless it says otherwise; each corner is a region of its own. */
export type Toast = { id: string; type: ToastType; title: string; description?: string; position?: ToastPosition }
export const TOAST_TIMEOUT_MS = 4000
export const DEFAULT_TOAST_POSITION: ToastPosition = 'top-right'

export function isToastPosition(value: unknown): value is ToastPosition {
	return typeof value === 'string' && (TOAST_POSITIONS as readonly string[]).includes(value)
}

/** The region's accessible name: each corner's is its own (F6 and screen readers tell them apart). */
export function toastRegionLabel(position: ToastPosition): string {
	return position === DEFAULT_TOAST_POSITION ? 'Notifications' : `Notifications, ${position.replace('-', ' ')}`
}

/** The toasts of each corner that has any, corners in TOAST_POSITIONS order, toasts in their own order. */
export function toastsByPosition(toasts: Toast[]): [ToastPosition, Toast[]][] {
	return TOAST_POSITIONS.map((position): [ToastPosition, Toast[]] => [
		position,
		toasts.filter((toast) => (toast.position ?? DEFAULT_TOAST_POSITION) === position),
	]).filter(([, inCorner]) => inCorner.length > 0)
}

/*
 * Toasts raised in the browser, without a server round trip (e.g. "this page could not be loaded"): the toast
 * regions (components/ui/Toasts.tsx) show them beside the ones the server sent. Never called on the server.
 */
let raised: Toast[] = []
const listeners = new Set<() => void>()
let count = 0

/**
 * Raises a toast. One with an `id` of its own replaces an earlier one of that id, so a warning raised again (a
 * second chunk that fails) is shown once, not piled up; the regions show an id once while it is on screen.
 */
export function showToast(toast: Omit<Toast, 'id'> & { id?: string }) {
	// A counter, not crypto.randomUUID: that one is missing on plain http (the demo on a school's network).
	const id = toast.id ?? `raised-${++count}`
	raised = [...raised.filter((earlier) => earlier.id !== id), { ...toast, id }]
	for (const listener of listeners) listener()
}

export function subscribeToRaisedToasts(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

export const raisedToasts = () => raised
