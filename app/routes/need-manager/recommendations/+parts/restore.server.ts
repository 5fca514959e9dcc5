import type { SignedIn } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { AlreadyWithdrawn, restoreDismissed } from '#app/services/student-recommendations.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

/** "Bring back" on a dismissed suggestion (ADR 028): the dismissal is withdrawn, kept as history, and audited. */
export async function restore(app: SignedIn, profileId: string, formData: FormData) {
	const id = postedId(formData, 'studentRecommendationId')
	const here = `/need-manager/recommendations/${profileId}`
	try {
		const { suggestedAgain } = await restoreDismissed(app, profileId, id)
		return redirectWithToast(app.em, here, {
			type: 'success',
			title: 'Suggestion brought back',
			description: suggestedAgain
				? 'It is among this profile’s suggestions again.'
				: 'This profile’s latest scores do not suggest it now; it will be suggested again whenever the scores do.',
		})
	} catch (error) {
		if (!(error instanceof AlreadyWithdrawn)) throw error
		return redirectWithToast(app.em, here, { type: 'info', title: 'Already brought back', description: 'Nothing was changed.' })
	}
}
