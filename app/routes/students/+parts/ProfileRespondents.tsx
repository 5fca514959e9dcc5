import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { formatDate } from '#app/lib/format.ts'
import { nextRoundOn } from '#app/lib/rounds.ts'
import type { ProfileRespondent } from '#app/services/profile-respondents.server.ts'
import type { ProfileSummary } from '#app/services/student-profiles.server.ts'

export const RESPONDENTS_MODAL = 'profile-respondents'
export const REMOVE_RESPONDENT_MODAL = 'remove-respondent'

export const profileName = (profile: ProfileSummary) => `the ${profile.questionnaireTitle} profile from ${formatDate(profile.startDate)}`

/** Who the profile asks from now on, and when its next round opens (none once closed or past its end). */
export function asked(profile: ProfileSummary, respondents: ProfileRespondent[]): string {
	const names = respondents.length ? respondents.map((respondent) => respondent.name).join(', ') : 'nobody'
	const next = nextRoundOn(profile, (profile.rounds.at(-1)?.index ?? -1) + 1)
	return next ? `Asked next round (opens ${formatDate(next)}): ${names}` : `No more rounds will open. Respondents: ${names}`
}

/** Under an active profile's rounds: who is asked next round, and for its need manager the way to change it. */
export function AskedNextRound({ profile, respondents, canManage }: { profile: ProfileSummary; respondents: ProfileRespondent[]; canManage: boolean }) {
	if (profile.status !== 'active') return null
	return (
		<div className="flex flex-wrap items-center gap-x-4 gap-y-2">
			<p>{asked(profile, respondents)}</p>
			{canManage ? (
				<ModalButton modal={RESPONDENTS_MODAL} params={{ profile: profile.id }} variant="secondary" size="sm" className="print:hidden">
					Change respondents<span className="sr-only"> of {profileName(profile)}</span>
				</ModalButton>
			) : null}
		</div>
	)
}
