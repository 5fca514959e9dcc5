import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
	Button as AriaButton,
	Text,
	UNSTABLE_Toast as AriaToast,
	UNSTABLE_ToastContent as AriaToastContent,
	UNSTABLE_ToastQueue as ToastQueue,
	UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components'
import { Link, useLocation } from 'react-router'
import { tv } from 'tailwind-variants'
import { TOAST_TIMEOUT_MS, type Toast, type ToastPosition, type ToastType } from '#app/lib/toast.ts'
import { useHydrated } from './hydrated.ts'

// 16 px between stacked toasts (gap-4); the newest is nearest the corner.
const regionStyles = tv({
	base: 'fixed z-[60] flex w-[min(24rem,calc(100vw-2rem))] gap-4 outline-0',
	variants: {
		position: {
			'top-right': 'top-4 right-4 flex-col',
			'top-left': 'top-4 left-4 flex-col',
			'bottom-right': 'right-4 bottom-4 flex-col-reverse',
			'bottom-left': 'bottom-4 left-4 flex-col-reverse',
		},
		isFocusVisible: { true: 'outline-3 outline-offset-2 outline-blue-700' },
	},
})

const toastStyles = tv({
	base: 'flex items-start gap-3 rounded-lg border border-s-4 bg-white p-4 text-slate-900 shadow-lg outline-0 forced-colors:bg-[Canvas]',
	variants: {
		type: {
			success: 'border-green-700',
			error: 'border-red-700',
			warning: 'border-amber-600',
			info: 'border-brand',
		},
		isFocusVisible: { true: 'outline-3 outline-offset-2 outline-blue-700' },
	},
})

const ICONS = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info } as const
const ICON_COLOURS = { success: 'text-green-700', error: 'text-red-700', warning: 'text-amber-700', info: 'text-brand' } as const

function ToastIcon({ type }: { type: ToastType }) {
	const Icon = ICONS[type]
	return <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${ICON_COLOURS[type]}`} />
}

export interface ToasterProps {
	toasts: Toast[]
	position?: ToastPosition
	/** The region's name; give each Toaster on a page its own. */
	label?: string
}

/**
 * Shows toasts, e.g. the one the root loader read from the flash cookie.
 * Hydrated, it is React Aria's toast region: each toast closes itself after
 * 4 s (paused while hovered or focused) or with its close button, and F6
 * reaches the region. On the server and without JavaScript the same toasts
 * are a list in the same corner, as role="status" (role="alert" for errors),
 * and stay until the next navigation (their Close link is one).
 */
export function Toaster({ toasts, position = 'top-right', label = 'Notifications' }: ToasterProps) {
	const hydrated = useHydrated()
	const [queue] = useState(() => new ToastQueue<Toast>({ maxVisibleToasts: 5 }))
	const queued = useRef(new Set<string>())

	useEffect(() => {
		for (const toast of toasts) {
			if (queued.current.has(toast.id)) continue
			queued.current.add(toast.id)
			queue.add(toast, { timeout: TOAST_TIMEOUT_MS })
		}
	}, [toasts, queue])

	if (!hydrated) return <StaticToasts toasts={toasts} position={position} label={label} />

	return (
		<AriaToastRegion queue={queue} aria-label={label} className={(renderProps) => regionStyles({ ...renderProps, position })}>
			{({ toast }) => (
				<AriaToast toast={toast} className={(renderProps) => toastStyles({ ...renderProps, type: toast.content.type })}>
					<ToastIcon type={toast.content.type} />
					<AriaToastContent className="flex min-w-0 flex-1 flex-col gap-1">
						<Text slot="title" className="font-semibold">
							{toast.content.title}
						</Text>
						{toast.content.description ? (
							<Text slot="description" className="text-sm text-slate-700">
								{toast.content.description}
							</Text>
						) : null}
					</AriaToastContent>
					<AriaButton
						slot="close"
						className="-m-1 flex size-8 shrink-0 cursor-pointer items-center justify-center rounded text-slate-700 hover:bg-slate-100 hover:text-slate-900"
					>
						<X aria-hidden="true" className="size-4" />
					</AriaButton>
				</AriaToast>
			)}
		</AriaToastRegion>
	)
}

function StaticToasts({ toasts, position, label }: { toasts: Toast[]; position: ToastPosition; label: string }) {
	const location = useLocation()
	if (toasts.length === 0) return null
	const here = `${location.pathname}${location.search}`
	return (
		<section aria-label={label} className={regionStyles({ position })}>
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
						<X aria-hidden="true" className="size-4" />
					</Link>
				</div>
			))}
		</section>
	)
}
