import { Badge, type BadgeVariant } from '#app/components/ui/Badge.tsx'
import type { MemberAccess } from '#app/models/enums.ts'

const ACCESS: Record<MemberAccess, { label: string; variant: BadgeVariant }> = {
	none: { label: 'No access', variant: 'neutral' },
	invited: { label: 'Invited', variant: 'warning' },
	active: { label: 'Active', variant: 'success' },
}

/** A directory member's access: No access, Invited (link sent, no password yet) or Active. */
export function AccessBadge({ access }: { access: MemberAccess }) {
	const { label, variant } = ACCESS[access]
	return <Badge variant={variant}>{label}</Badge>
}
