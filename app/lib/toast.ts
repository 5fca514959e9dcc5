/** A toast as it travels in the flash cookie and reaches the toast region. */
export type ToastType = 'success' | 'error' | 'warning' | 'info'
export type Toast = { id: string; type: ToastType; title: string; description?: string }
export type ToastPosition = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left'
export const TOAST_TIMEOUT_MS = 4000
