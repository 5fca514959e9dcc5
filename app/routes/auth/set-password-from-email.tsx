import { requireAnonymous } from '#app/services/guards.server.ts'
import { loadSetPassword, submitSetPassword } from './+parts/set-password.server.ts'
import { SetPasswordScreen } from './+parts/SetPasswordScreen.tsx'
import { retryAfterHeaders } from '#app/lib/headers.ts'
import type { AuthHandle } from './layout.tsx'
import type { Route } from './+types/set-password-from-email.ts'

export const handle: AuthHandle = {
	title: 'Set password',
	subtitle: 'Choose a password: at least 8 characters, with 1 uppercase letter and 1 symbol.',
}

export function loader({ context, request }: Route.LoaderArgs) {
	return loadSetPassword(requireAnonymous(context), request, 'invitation')
}

export function action({ context, request }: Route.ActionArgs) {
	return submitSetPassword(requireAnonymous(context), request, 'invitation')
}

export default function SetPasswordFromEmail({ loaderData, actionData }: Route.ComponentProps) {
	return <SetPasswordScreen isReset={false} loaderData={loaderData} lastResult={actionData?.result} />
}

export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = () => [{ title: 'Set password · Spencer' }]
