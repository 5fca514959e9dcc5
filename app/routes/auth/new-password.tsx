import { requireAnonymous } from '#app/services/guards.server.ts'
import { loadSetPassword, submitSetPassword } from './+parts/set-password.server.ts'
import { SetPasswordScreen } from './+parts/SetPasswordScreen.tsx'
import { retryAfterHeaders } from '#app/lib/headers.ts'
import type { AuthHandle } from './layout.tsx'
import type { Route } from './+types/new-password.ts'

export const handle: AuthHandle = {
	title: 'Password recovery',
	subtitle: 'Choose a new password: at least 8 characters, with 1 uppercase letter and 1 symbol.',
}

export function loader({ context, request }: Route.LoaderArgs) {
	return loadSetPassword(requireAnonymous(context), request, 'reset')
}

export function action({ context, request }: Route.ActionArgs) {
	return submitSetPassword(requireAnonymous(context), request, 'reset')
}

export default function NewPassword({ loaderData, actionData }: Route.ComponentProps) {
	return <SetPasswordScreen isReset loaderData={loaderData} lastResult={actionData?.result} />
}

export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = () => [{ title: 'New password · Spencer' }]
