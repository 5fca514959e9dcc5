import { X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
	Button as AriaButton,
	Text,
	UNSTABLE_Toast as AriaToast,
	UNSTABLE_ToastContent as AriaToastContent,
	UNSTABLE_ToastQueue as ToastQueue,
	UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components'
import { TOAST_TIMEOUT_MS, type Toast, type ToastPosition } from '#app/lib/toast.ts'
import { regionStyles, StaticToasts, ToastIcon, toastStyles } from './StaticToasts.tsx'
import { useHydrated } from './hydrated.ts'
import { Icon } from './Icon.tsx'

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
						<Icon icon={X} className="size-4" />
					</AriaButton>
				</AriaToast>
			)}
		</AriaToastRegion>
	)
}
