import { Badge, type BadgeVariant } from '#app/components/ui/Badge.tsx'
import type { QuestionnaireStatus } from '#app/models/enums.ts'

const LOOK: Record<QuestionnaireStatus, { label: string; variant: BadgeVariant }> = {
	draft: { label: 'Draft', variant: 'warning' },
	published: { label: 'Published', variant: 'success' },
	archived: { label: 'Archived', variant: 'neutral' },
}

export function StatusBadge({ status }: { status: QuestionnaireStatus }) {
	const look = LOOK[status]
	return <Badge variant={look.variant}>{look.label}</Badge>
}

const SEVERITY_LOOK = {
	medium: { label: 'Medium', variant: 'warning' },
	high: { label: 'High', variant: 'danger' },
} as const satisfies Record<string, { label: string; variant: BadgeVariant }>

/** The severity a recommendation applies from. */
export function SeverityBadge({ severity }: { severity: keyof typeof SEVERITY_LOOK }) {
	const look = SEVERITY_LOOK[severity]
	return <Badge variant={look.variant}>From {look.label.toLowerCase()}</Badge>
}

export const SEVERITY_LABELS = { medium: 'Medium', high: 'High' } as const
