import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { refused } from '#app/services/respond.server.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { addRespondent, removeRespondent } from '#app/services/profile-respondents.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { AddRespondentSchema } from './respondent-schema.ts'

export const RESPONDENT_INTENTS = ['add-respondent', 'remove-respondent'] as const
export type RespondentIntent = (typeof RESPONDENT_INTENTS)[number]

export const isRespondentIntent = (intent: unknown): intent is RespondentIntent => RESPONDENT_INTENTS.includes(intent as RespondentIntent)

/** The student's profile with the respondents modal of one of its profiles open: where both writes return. */
export const respondentsHref = (studentId: string, profileId: string) => `/students/profile/${studentId}?modal=profile-respondents&profile=${profileId}`

/**
 * The need manager adds or removes a respondent of one of the student's
 * profiles, and comes back to the profile's respondents, changed (ADR 027).
 * An id that is not a UUID is a bad request (400); a profile, or a person,
 * this school's need manager may not name is 404; a closed profile is an
 * error toast.
 */
export async function changeRespondents(app: SignedIn, studentId: string, intent: RespondentIntent, formData: FormData) {
	const profileId = postedId(formData, 'profileId')
	const back = respondentsHref(studentId, profileId)
	if (intent === 'add-respondent') {
		const submission = parseWithZod(formData, { schema: AddRespondentSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		const membershipId = postedId(formData, 'membershipId')
		try {
			const { name, changed } = await addRespondent(app, studentId, profileId, membershipId)
			return await redirectWithToast(
				app.em,
				back,
				changed
					? { type: 'success', title: `${name} added`, description: 'They are asked from the current round on.' }
					: { type: 'info', title: `${name} is already asked`, description: 'Nothing was changed.' },
			)
		} catch (error) {
			return refused(app, `/students/profile/${studentId}`, error)
		}
	}
	const membershipId = postedId(formData, 'membershipId')
	try {
		const { name, changed } = await removeRespondent(app, studentId, profileId, membershipId)
		return await redirectWithToast(
			app.em,
			back,
			changed
				? { type: 'success', title: `${name} removed`, description: 'They will not be asked again; their answers are kept.' }
				: { type: 'info', title: `${name} already removed`, description: 'Nothing was changed.' },
		)
	} catch (error) {
		return refused(app, `/students/profile/${studentId}`, error)
	}
}
