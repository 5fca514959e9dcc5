import type { ToastInput } from '#app/services/toast.server.ts'

/**
 * The change is saved but the invitation email failed: after adding a person
 * with access, giving access, or resending. The member stays Invited, so the
 * access modal offers to send it again.
 */
export function invitationNotSent(after: 'added' | 'invited' | 'resent'): ToastInput {
	const title = {
		added: 'Added, but the invitation email could not be sent.',
		invited: 'Access given, but the invitation email could not be sent.',
		resent: 'The invitation email could not be sent.',
	}[after]
	return { type: 'warning', title, description: after === 'resent' ? 'Use Resend invitation to try again.' : 'Use Give access to resend.' }
}
