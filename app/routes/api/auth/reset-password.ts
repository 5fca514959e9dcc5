import { getAppContext } from '#app/context.ts'
import { methodNotAllowed } from '#app/services/api.server.ts'
import { setPasswordFromApi } from './+set-password.ts'
import type { Route } from './+types/reset-password.ts'

export function action({ context, request }: Route.ActionArgs) {
	return setPasswordFromApi(getAppContext(context), request, 'reset')
}

export function loader() {
	return methodNotAllowed('POST')
}
