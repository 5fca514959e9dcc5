import { Badge } from '#app/components/ui/Badge.tsx'
import { FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '#app/models/enums.ts'

const VARIANT = { incomplete: 'warning', inProgress: 'info', complete: 'success' } as const

/** Incomplete / In progress / Complete, as a badge with its words. */
export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
	return <Badge variant={VARIANT[status]}>{FEEDBACK_STATUS_LABELS[status]}</Badge>
}
