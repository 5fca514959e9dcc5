import { isModalOpen } from '#app/lib/modals.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { getTransfer, listTransfers, TRANSFER_SORTS } from '#app/services/transfers.server.ts'

/**
 * A page of one direction's transfer requests, as the URL searches and sorts it; and the request one of `modals` is
 * open on, read by id (it may be on another page; another school's answers 404).
 */
export async function transferList(app: SignedIn, request: Request, direction: 'incoming' | 'outgoing', modals: string[]) {
	const url = new URL(request.url)
	const list = readList(url, { sorts: TRANSFER_SORTS, sort: 'status' })
	const { rows, total } = await unlessIllegal(list, () => listTransfers(app, direction, list.query), NO_ROWS)
	const open = modals.some((modal) => isModalOpen(url.searchParams, modal)) ? await getTransfer(app, url.searchParams.get('id') ?? '', direction) : null
	return { list, rows, total, open }
}
