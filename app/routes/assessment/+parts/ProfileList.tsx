import { Badge } from '#app/components/ui/Badge.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { ManagedProfile } from '#app/services/profiles.server.ts'
import { plural } from '#app/lib/plural.ts'

type Profile = Omit<ManagedProfile, 'respondents'>

/** A student's profiles on the manage-students list, each active one with its Close link (a confirm modal). */
export function ProfileList({ profiles, student }: { profiles: Profile[]; student: string }) {
	if (profiles.length === 0) return <span className="text-slate-700">No profiles</span>
	return (
		<ul className="flex flex-col gap-2">
			{profiles.map((profile) => (
				<li key={profile.id} className="flex flex-wrap items-center gap-2">
					<span>
						{profile.questionnaire} · {profile.kind === 'recurring' ? `every ${profile.intervalWeeks} weeks` : 'one-time'} · from{' '}
						{formatDate(profile.startDate)}
						{profile.endDate ? ` to ${formatDate(profile.endDate)}` : ''} · {plural(profile.rounds, 'round')}
					</span>
					<Badge variant={profile.status === 'active' ? 'success' : 'neutral'}>{profile.status === 'active' ? 'Active' : 'Closed'}</Badge>
					{profile.status === 'active' ? (
						<ModalButton modal="close-profile" params={{ id: profile.id }} variant="secondary" size="sm">
							Close profile<span className="sr-only"> {profile.questionnaire} for {student}</span>
						</ModalButton>
					) : null}
				</li>
			))}
		</ul>
	)
}
