import { Component, lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { raisedToasts, subscribeToRaisedToasts, toastRegionLabel, toastsByPosition, type Toast } from '#app/lib/toast.ts'
import { StaticToasts } from './StaticToasts.tsx'
import { useHydrated } from './hydrated.ts'
import { keepFocusClearOfToasts } from './toast-clearance.ts'

// The React Aria regions are fetched only once a page has a toast to show (ADR 004).
const ToastRegions = lazy(() => import('./Toaster.tsx').then((module) => ({ default: module.ToastRegions })))

const NONE: Toast[] = []

/**
 * The page's toasts, the server's (the flash cookie) and those raised in the browser (`showToast`), each in its
 * corner's own region. Plain HTML on the server and without JavaScript (StaticToasts.tsx); once hydrated and a
 * toast has come, React Aria's regions take over and stay for the page's life, so a toast outlives the navigation
 * that brings the next one.
 */
export function Toasts({ toasts }: { toasts: Toast[] }) {
	const hydrated = useHydrated()
	const raised = useSyncExternalStore(subscribeToRaisedToasts, raisedToasts, () => NONE)
	const all = raised.length > 0 ? [...toasts, ...raised] : toasts
	const [regionsLoaded, setRegionsLoaded] = useState(false)
	if (hydrated && all.length > 0 && !regionsLoaded) setRegionsLoaded(true)
	// While toasts are shown, a control that takes the focus under them is uncovered (WCAG 2.4.11, ADR 100).
	const shown = all.length > 0
	useEffect(() => (shown ? keepFocusClearOfToasts() : undefined), [shown])

	if (!regionsLoaded) return <StaticToastRegions toasts={all} />
	const plain = <StaticToastRegions toasts={all} />
	return (
		// If the regions' code cannot be loaded (a deploy replaced it), the toasts stay as plain HTML.
		<FallbackOnError fallback={plain}>
			<Suspense fallback={plain}>
				<ToastRegions toasts={all} />
			</Suspense>
		</FallbackOnError>
	)
}

function StaticToastRegions({ toasts }: { toasts: Toast[] }) {
	return toastsByPosition(toasts).map(([position, inCorner]) => (
		<StaticToasts key={position} toasts={inCorner} position={position} label={toastRegionLabel(position)} />
	))
}

class FallbackOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
	override state = { failed: false }
	static getDerivedStateFromError() {
		return { failed: true }
	}
	override render() {
		return this.state.failed ? this.props.fallback : this.props.children
	}
}
