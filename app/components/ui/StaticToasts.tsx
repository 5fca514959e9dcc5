import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import type { Toast, ToastPosition, ToastType } from '#app/lib/toast.ts'
import { Icon } from './Icon.tsx'

// Plain class strings (no tailwind-merge): this file is on every page that shows a toast.
// 16 px between stacked toasts (gap-4); the newest is nearest the corner. Each corner is a view transition group
// of its own, so a route change cross-fades it rather than fading it out and in with the page (app.css).
// A corner that gives way (`data-moved`, toast-clearance.ts; or the header's focus, app.css) goes to the other edge.
const POSITIONS: Record<ToastPosition, string> = {
	'top-right': 'top-4 right-4 flex-col [view-transition-name:toasts-top-right] data-moved:top-auto data-moved:bottom-4',
	'top-left': 'top-4 left-4 flex-col [view-transition-name:toasts-top-left] data-moved:top-auto data-moved:bottom-4',
	'bottom-right': 'right-4 bottom-4 flex-col-reverse [view-transition-name:toasts-bottom-right] data-moved:bottom-auto data-moved:top-4',
	'bottom-left': 'bottom-4 left-4 flex-col-reverse [view-transition-name:toasts-bottom-left] data-moved:bottom-auto data-moved:top-4',
}
const FOCUS = 'outline-3 outline-offset-2 outline-blue-700'

export function regionStyles({ position, isFocusVisible }: { position: ToastPosition; isFocusVisible?: boolean }) {
	return `fixed z-[60] flex w-[min(24rem,calc(100vw-2rem))] gap-4 outline-0 ${POSITIONS[position]} ${isFocusVisible ? FOCUS : ''}`
}

const BORDERS: Record<ToastType, string> = {
	success: 'border-green-700',
	error: 'border-red-700',
	warning: 'border-amber-600',
	info: 'border-brand',
}

export function toastStyles({ type, isFocusVisible }: { type: ToastType; isFocusVisible?: boolean }) {
	return `flex items-start gap-3 rounded-lg border border-s-4 bg-white p-4 text-slate-900 shadow-lg outline-0 forced-colors:bg-[Canvas] ${BORDERS[type]} ${isFocusVisible ? FOCUS : ''}`
}

const ICONS = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info } as const
const ICON_COLOURS = { success: 'text-green-700', error: 'text-red-700', warning: 'text-amber-700', info: 'text-brand' } as const

export function ToastIcon({ type }: { type: ToastType }) {
	return <Icon icon={ICONS[type]} className={`mt-0.5 size-5 shrink-0 ${ICON_COLOURS[type]}`} />
}

/**
 * The toasts as plain HTML: what the server renders and what a browser
 * without JavaScript keeps (role="status", role="alert" for errors); they stay
 * until the next navigation, and their Close link is one. Light enough for
 * every page; the React Aria region (Toaster.tsx) is loaded once hydrated.
 */
export function StaticToasts({ toasts, position, label }: { toasts: Toast[]; position: ToastPosition; label: string }) {
	const location = useLocation()
	if (toasts.length === 0) return null
	const here = `${location.pathname}${location.search}`
	return (
		<section aria-label={label} data-toast-region={position} className={regionStyles({ position })}>
			{toasts.map((toast) => (
				<div key={toast.id} role={toast.type === 'error' ? 'alert' : 'status'} className={toastStyles({ type: toast.type })}>
					<ToastIcon type={toast.type} />
					<div className="flex min-w-0 flex-1 flex-col gap-1">
						<p className="font-semibold">{toast.title}</p>
						{toast.description ? <p className="text-sm text-slate-700">{toast.description}</p> : null}
					</div>
					<Link
						to={here}
						aria-label="Close"
						className="-m-1 flex size-8 shrink-0 items-center justify-center rounded text-slate-700 hover:bg-slate-100 hover:text-slate-900"
					>
						<Icon icon={X} className="size-4" />
					</Link>
				</div>
			))}
		</section>
	)
}
