import { expect, test } from 'vitest'
import { isToastPosition, raisedToasts, showToast, toastRegionLabel, toastsByPosition, type Toast } from './toast.ts'

const toast = (id: string, position?: Toast['position']): Toast => ({ id, type: 'info', title: id, position })

test('[13.5] toasts are grouped by corner, top-right when they name none', () => {
	expect(toastsByPosition([toast('a'), toast('b', 'bottom-left'), toast('c', 'top-right'), toast('d', 'bottom-left')])).toEqual([
		['top-right', [toast('a'), toast('c', 'top-right')]],
		['bottom-left', [toast('b', 'bottom-left'), toast('d', 'bottom-left')]],
	])
	expect(toastsByPosition([])).toEqual([])
})

test('[13.5] each corner’s region has a name of its own', () => {
	const labels = (['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const).map(toastRegionLabel)
	expect(labels).toEqual(['Notifications', 'Notifications, top left', 'Notifications, bottom right', 'Notifications, bottom left'])
	expect(isToastPosition('bottom-left')).toBe(true)
	expect(isToastPosition('middle')).toBe(false)
})

test('a toast raised again under its own id replaces the earlier one instead of piling up; one without an id is new each time', () => {
	const before = raisedToasts().length
	showToast({ id: 'chunk-failed', type: 'error', title: 'Could not load' })
	showToast({ id: 'chunk-failed', type: 'error', title: 'Could not load' })
	expect(raisedToasts().filter((raised) => raised.id === 'chunk-failed')).toHaveLength(1)
	showToast({ type: 'info', title: 'Hello' })
	showToast({ type: 'info', title: 'Hello' })
	expect(raisedToasts()).toHaveLength(before + 3)
})
