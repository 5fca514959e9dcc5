import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'
import { actionLabel } from '#app/lib/audit-actions.ts'
import type { AppContext } from '#app/context.ts'
import { Student } from '#app/models/index.ts'
import { typedSql } from './typed-sql.server.ts'

/** `action`: what was done, in words (audit-actions.ts). */
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
	const rows = await typedSql(em)
		.selectFrom('audit_event as a')
		.leftJoin('users as actor', 'actor.id', 'a.actor_id')
		.leftJoin('users as target', 'target.id', 'a.impersonated_user_id')
		.select(['a.at', 'a.action', 'actor.email as actor', 'target.email as impersonated'])
		.where('a.entity_type', '=', 'Student')
		.where('a.entity_id', '=', student.id)
		.where('a.at', '>=', (eb) => eb.cast<Date>(eb.val(input.from), 'date'))
		.where('a.at', '<', (eb) => eb.cast<Date>(eb.val(dayAfter(input.to)), 'date'))
		.orderBy('a.at', 'desc')
		.limit(500)
		.execute()
	return {
		student: { name: `${student.firstName} ${student.lastName}`, upn: student.upn },
		events: rows.map((row) => ({
			at: new Date(row.at).toISOString(),
			action: actionLabel(row.action),
			actor: row.actor ?? 'a deleted user',
			impersonated: row.impersonated,
		})),
	}
}

/** The calendar day (yyyy-mm-dd) after `day`: the report's end is inclusive. */
const dayAfter = (day: string) => format(addDays(parseISO(day), 1), 'yyyy-MM-dd')
