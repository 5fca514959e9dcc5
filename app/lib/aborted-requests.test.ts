import { expect, test } from 'vitest'
import { isAbortRejection } from './aborted-requests.client.ts'

test('an aborted request is recognised; any other rejection is not', () => {
	const controller = new AbortController()
	controller.abort()
	expect(isAbortRejection(controller.signal.reason)).toBe(true)
	expect(isAbortRejection(new DOMException('gone', 'AbortError'))).toBe(true)
	expect(isAbortRejection(new DOMException('denied', 'NotAllowedError'))).toBe(false)
	expect(isAbortRejection(new Error('signal is aborted without reason'))).toBe(false)
	expect(isAbortRejection(undefined)).toBe(false)
})
