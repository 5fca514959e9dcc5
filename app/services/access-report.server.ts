import type { AppContext } from '#app/context.ts'
import { Student } from '#app/models/index.ts'

export type AccessEvent = { at: string; action: string; actor: string; impersonated: string | null }

/**
 * Who touched one student's records between two dates (inclusive), from the
 * audit trail: for a platform admin answering "who looked at this child?".
 */
export async function studentAccessReport(
	{ em }: AppContext,
	schoolId: string,
	input: { upn: string; from: string; to: string },
): Promise<{ student: { name: string; upn: string } | null; events: AccessEvent[] }> {
	const student = await em.findOne(Student, { upn: input.upn.trim().toUpperCase(), school: schoolId })
	if (!student) return { student: null, events: [] }
	const rows = await em.execute<{ at: Date; action: string; actor: string | null; impersonated: string | null }[]>(
		`select a.at, a.action, actor.email as actor, target.email as impersonated
		from audit_event a
		left join users actor on actor.id = a.actor_id
		left join users target on target.id = a.impersonated_user_id
		where a.entity_type = 'Student' and a.entity_id = ? and a.at >= ?::date and a.at < (?::date + 1)
		order by a.at desc
		limit 500`,
		[student.id, input.from, input.to],
	)
	return {
		student: { name: `${student.firstName} ${student.lastName}`, upn: student.upn },
		events: rows.map((row) => ({
			at: new Date(row.at).toISOString(),
			action: row.action,
			actor: row.actor ?? 'a deleted user',
			impersonated: row.impersonated,
		})),
	}
}
