import { getAppContext } from '#app/context.ts'
import { methodNotAllowed } from '#app/services/api.server.ts'
import { setPasswordFromApi } from './+set-password.ts'
import type { Route } from './+types/password.ts'

/** Sets the password from an invitation and signs the user in. */
export function action({ context, request }: Route.ActionArgs) {
	return setPasswordFromApi(getAppContext(context), request, 'invitation')
}

export function loader() {
	return methodNotAllowed('POST')
}
