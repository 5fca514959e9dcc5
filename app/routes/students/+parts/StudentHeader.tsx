import type { ReactNode } from 'react'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { LinkTabs } from '#app/components/ui/LinkTabs.tsx'
import { formatDate } from '#app/lib/format.ts'
import { SEN_STATUS_LABELS } from '#app/models/enums.ts'
import type { StudentSummary } from '#app/services/student-views.server.ts'

/** The student's name and key facts, and the profile / analysis / comparison tabs (not printed). */
export function StudentHeader({ student, actions }: { student: StudentSummary; actions?: ReactNode }) {
	const base = `/students/profile/${student.id}`
	return (
		<>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<PageHeader title={student.name}>
					UPN <span className="font-mono">{student.upn}</span>
					{` · ${student.yearGroup} · born ${formatDate(student.dateOfBirth)} · ${student.gender} · SEN: ${SEN_STATUS_LABELS[student.senStatus]}${student.archived ? ' · archived' : ''}`}
				</PageHeader>
				{actions}
			</div>
			<LinkTabs
				label="Student views"
				className="mb-6 print:hidden"
				tabs={[
					{ to: base, label: 'Profile' },
					{ to: `${base}/analysis`, label: 'Analysis' },
					{ to: `${base}/comparison`, label: 'Comparison' },
				]}
			/>
		</>
	)
}
