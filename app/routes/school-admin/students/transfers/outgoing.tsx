import { data, useLocation } from 'react-router'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { replaceModal } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus } from '#app/services/list-params.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { cancelTransfer, transferStudentName } from '#app/services/transfers.server.ts'
import { pageAfter, refused } from '#app/services/respond.server.ts'
import { transferList } from './+parts/transfer-list.server.ts'
import { TransferPane, TransferTable } from './+parts/TransferTable.tsx'
import type { Route } from './+types/outgoing.ts'

const CANCEL = 'cancel-transfer'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const { list, rows, total, open } = await transferList(app, request, 'outgoing', [CANCEL])
	const cancelling = open && { id: open.id, student: transferStudentName(open) }
	return data({ rows, total, query: list.query, illegal: list.illegal, cancelling }, listStatus(list))
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const formData = await request.formData()
	const back = pageAfter(url)
	if (formData.get('intent') !== 'cancel') return data(null, { status: 400 })
	try {
		await cancelTransfer(app, recordId(formData.get('id')))
	} catch (error) {
		return refused(app, back, error)
	}
	return redirectWithToast(app.em, back, { type: 'success', title: 'Transfer request cancelled' })
}

export default function OutgoingTransfers({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, illegal, cancelling } = loaderData
	const location = useLocation()
	return (
		<TransferPane
			id="outgoing-heading"
			heading="Outgoing requests"
			intro="Students you have asked other schools to take. Send a request from a student’s page; you can cancel it while it is pending."
		>
			<TransferTable
				caption="Outgoing transfer requests"
				schoolColumn="To"
				rows={rows}
				total={total}
				query={query}
				illegal={illegal}
				actions={(row) => (
					<ButtonLink to={replaceModal(location, CANCEL, { id: row.id })} preventScrollReset size="sm" variant="secondary">
						Cancel request<span className="sr-only"> for {row.student}</span>
					</ButtonLink>
				)}
			/>
			{cancelling ? (
				<ConfirmModal name={CANCEL} title="Cancel transfer request" intent="cancel" fields={{ id: cancelling.id }} drop={['id']} closeLabel="Keep it" confirmLabel="Cancel request" variant="danger">
					<p>Withdraw the request to transfer {cancelling.student}? The other school will no longer see it.</p>
				</ConfirmModal>
			) : null}
		</TransferPane>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Outgoing transfer requests · Students · Spencer' }]
