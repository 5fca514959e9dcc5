import { randomUUID } from 'node:crypto'
import { redirect } from 'react-router'
import { isToastPosition, type Toast } from '#app/lib/toast.ts'
import { toastCookie } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import { getSecret } from './secrets.server.ts'

export type ToastInput = Omit<Toast, 'id'>

/** The Set-Cookie header that carries a toast to the next page; a new id unless it has its own. */
export async function toastHeader(em: Em, toast: ToastInput & { id?: string }): Promise<string> {
	const cookie = toastCookie(await getSecret(em, 'cookies'))
	return cookie.serialize({ ...toast, id: toast.id ?? randomUUID() })
}

export async function redirectWithToast(em: Em, url: string, toast: ToastInput & { id?: string }, init: { headers?: Headers } = {}) {
	const headers = new Headers(init.headers)
	headers.append('Set-Cookie', await toastHeader(em, toast))
	return redirect(url, { headers })
}

/** Reads the flashed toast once: returns it and the header that clears it. */
export async function readToast(em: Em, request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
	if (!request.headers.get('Cookie')?.includes('spencer_toast')) return { toast: null, clear: null }
	const cookie = toastCookie(await getSecret(em, 'cookies'))
	const value = (await cookie.parse(request.headers.get('Cookie'))) as Toast | null
	if (!value || typeof value !== 'object' || typeof value.title !== 'string') return { toast: null, clear: null }
	const { position, ...toast } = value
	return { toast: isToastPosition(position) ? { ...toast, position } : toast, clear: await cookie.serialize('', { maxAge: 0 }) }
}
