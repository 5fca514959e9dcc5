import type { ListQuery } from '#app/lib/pagination.ts'
import type { ProfileKind } from '#app/models/enums.ts'
import { Profile, Questionnaire, SchoolMembership } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import { isUuid } from './ids.server.ts'
import { weeksAfter } from '#app/lib/rounds.ts'
import type { SignedIn } from './guards.server.ts'
import { studentNameOrUpn } from './student-search.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { getStudent, listProfessionalOptions } from './students.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'

/** Today as yyyy-mm-dd in UK time: rounds open on school calendar days. */
export function todayInUk(now = new Date()): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** A postgres array literal for `?::uuid[]` parameters. */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`

/**
 * Creates the rounds that have fallen due for the active profiles of one
 * school (`schoolId`) or of every school (null), and a Feedback row for each
 * respondent of each new round — two inserts in one statement, whatever the
 * number of profiles. Called by the scheduled "rounds-due" job and by the
 * post that creates a profile, never by a page's loader (ADR 019).
 *
 * A one-time profile has round 0 on its start date; a recurring one a round
 * every N weeks from its start, up to today and not after its end date (an
 * archived student's profiles wait until the student is restored). Only
 * indices past a profile's last round are generated, and the unique
 * (profile, index) and (round, respondent) constraints with `on conflict do
 * nothing` make it idempotent: concurrent callers create each row once, and
 * the feedback of a round is written in the same statement as the round.
 */
export async function ensureRoundsDue(em: Em, schoolId: string | null, today: string = todayInUk()) {
	await em.execute(
		`with due as (
			select p.id as profile_id, g.i as index,
				(p.start_date + g.i * coalesce(p.interval_weeks, 0) * 7) as opens_on
			from profile p
			join student s on s.id = p.student_id and s.archived = false
			cross join lateral (select coalesce(max(r.index), -1) + 1 as first from round r where r.profile_id = p.id) done
			cross join lateral generate_series(
				done.first,
				case when p.kind = 'one-time' then 0
					else (least(?::date, coalesce(p.end_date, ?::date)) - p.start_date) / (7 * p.interval_weeks) end
			) as g(i)
			where p.status = 'active' and p.start_date <= ?::date${schoolId ? ' and p.school_id = ?' : ''}
		),
		new_rounds as (
			insert into round (id, created_at, updated_at, profile_id, index, opens_on)
			select gen_random_uuid(), now(), now(), profile_id, index, opens_on from due
			on conflict (profile_id, index) do nothing
			returning id, profile_id
		)
		insert into feedback (id, created_at, updated_at, round_id, respondent_id, status)
		select gen_random_uuid(), now(), now(), nr.id, pr.membership_id, 'incomplete'
		from new_rounds nr join profile_respondent pr on pr.profile_id = nr.profile_id
		on conflict (round_id, respondent_id) do nothing`,
		schoolId ? [today, today, today, schoolId] : [today, today, today],
	)
}

/** The day a round's feedback is due: when the next round opens, or two weeks after a one-time round opens (ADR 012). */
export function dueOn(opensOn: string, kind: ProfileKind, intervalWeeks: number | null): string {
	return weeksAfter(opensOn, kind === 'recurring' && intervalWeeks ? intervalWeeks : 2)
}

/** Published questionnaires: the ones a profile can use. */
export async function listPublishedQuestionnaires({ em }: SignedIn): Promise<{ value: string; label: string }[]> {
	const rows = await em.find(Questionnaire, { status: 'published' }, { fields: ['id', 'title'], orderBy: { title: 'asc' } })
	return rows.map((row) => ({ value: row.id, label: row.title }))
}

export type ProfileInput = {
	questionnaireId: string
	kind: ProfileKind
	intervalWeeks: number | null
	startDate: string
	endDate: string | null
	respondents: string[]
}

/**
 * Creates a profile for a student of the acting need manager's school: the
 * questionnaire must be published, the respondents the school's need managers
 * and professionals with access. The rounds already due are created with it.
 */
export async function createProfile(app: SignedIn, studentId: string, input: ProfileInput): Promise<Profile> {
	const schoolId = actingSchool(app)
	const student = await getStudent(app, studentId)
	const questionnaire = isUuid(input.questionnaireId) ? await app.em.findOne(Questionnaire, { id: input.questionnaireId }) : null
	if (!questionnaire || questionnaire.status !== 'published') {
		throw new Refusal('Questionnaire not available', 'Only a published questionnaire can be used for a profile.')
	}
	const allowed = new Set((await listProfessionalOptions(app)).map((option) => option.value))
	// Someone who is not one of this school's staff with access is, to this school, nobody.
	if (input.respondents.some((id) => !allowed.has(id))) throw notFound()
	return app.em.transactional(async (tx) => {
		const profile = tx.create(Profile, {
			school: schoolId,
			student: student.id,
			questionnaire,
			kind: input.kind,
			intervalWeeks: input.kind === 'recurring' ? input.intervalWeeks : null,
			startDate: input.startDate,
			endDate: input.endDate,
			createdBy: app.auth.userId,
		})
		profile.respondents.set([...new Set(input.respondents)].map((id) => tx.getReference(SchoolMembership, id)))
		audit(tx as never, app.auth, 'profile.create', { type: 'Profile', id: profile.id, schoolId })
		await tx.flush()
		await ensureRoundsDue(tx as never, schoolId)
		return profile
	})
}

/** Closes a profile of the acting user's school: no more rounds; what was answered stays. */
export async function closeProfile(app: SignedIn, id: string) {
	const schoolId = actingSchool(app)
	const profile = isUuid(id) ? await app.em.findOne(Profile, { id, school: schoolId }) : null
	if (!profile) throw notFound()
	if (profile.status === 'closed') return
	profile.status = 'closed'
	audit(app.em, app.auth, 'profile.close', { type: 'Profile', id: profile.id, schoolId })
	await app.em.flush()
}

export type ManagedProfile = {
	id: string
	questionnaire: string
	kind: ProfileKind
	intervalWeeks: number | null
	startDate: string
	endDate: string | null
	status: 'active' | 'closed'
	rounds: number
	respondents: string[]
}

export type ManagedStudent = {
	id: string
	name: string
	upn: string
	yearGroup: string
	keyProfessional: string | null
	connectedProfessionals: string[]
	profiles: ManagedProfile[]
}

const dateOnly = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10))

/**
 * One page of the school's students (not archived) with their professionals
 * and profiles, for the manage-students screen: four queries whatever the
 * number of students (the page, the total, the page's links, the page's
 * profiles with their rounds and respondents).
 */
export async function listManagedStudents(app: SignedIn, query: ListQuery<'name'>): Promise<{ rows: ManagedStudent[]; total: number }> {
	const { em } = app
	const schoolId = actingSchool(app)
	const conditions = ['s.school_id = ?', 's.archived = false']
	const params: unknown[] = [schoolId]
	if (query.q) {
		const search = studentNameOrUpn(query.q)
		conditions.push(search.sql)
		params.push(...search.params)
	}
	const where = `where ${conditions.join(' and ')}`
	const dir = query.dir === 'desc' ? 'desc' : 'asc'
	const [students, totals] = await Promise.all([
		em.execute<{ id: string; first_name: string; last_name: string; upn: string; year_group: string }[]>(
			`select s.id, s.first_name, s.last_name, s.upn, s.year_group from student s ${where}
			order by lower(s.last_name) ${dir}, lower(s.first_name) ${dir}, s.id limit ? offset ?`,
			[...params, query.pageSize, (query.page - 1) * query.pageSize],
		),
		em.execute<{ total: number }[]>(`select count(*)::int as total from student s ${where}`, params),
	])
	const ids = uuidArray(students.map((student) => student.id))
	const [links, profiles] = students.length
		? await Promise.all([
				em.execute<{ student_id: string; is_key: boolean; first_name: string; last_name: string }[]>(
					`select sp.student_id, sp.is_key, m.first_name, m.last_name
					from student_professional sp
					join school_membership m on m.id = sp.membership_id and m.school_id = ?
					where sp.student_id = any(?::uuid[])
					order by lower(m.last_name), lower(m.first_name)`,
					[schoolId, ids],
				),
				em.execute<
					{
						id: string
						student_id: string
						title: string
						kind: ProfileKind
						interval_weeks: number | null
						start_date: string
						end_date: string | null
						status: 'active' | 'closed'
						rounds: number
						respondents: string[] | null
					}[]
				>(
					`select p.id, p.student_id, q.title, p.kind, p.interval_weeks, p.start_date, p.end_date, p.status,
						(select count(*)::int from round r where r.profile_id = p.id) as rounds,
						(select array_agg(m.first_name || ' ' || m.last_name order by lower(m.last_name), lower(m.first_name))
							from profile_respondent pr join school_membership m on m.id = pr.membership_id
							where pr.profile_id = p.id) as respondents
					from profile p join questionnaire q on q.id = p.questionnaire_id
					where p.school_id = ? and p.student_id = any(?::uuid[])
					order by p.status, p.start_date desc, p.created_at desc`,
					[schoolId, ids],
				),
			])
		: [[], []]
	return {
		total: totals[0]?.total ?? 0,
		rows: students.map((student) => {
			const own = links.filter((link) => link.student_id === student.id)
			const key = own.find((link) => link.is_key)
			return {
				id: student.id,
				name: `${student.first_name} ${student.last_name}`,
				upn: student.upn,
				yearGroup: student.year_group,
				keyProfessional: key ? `${key.first_name} ${key.last_name}` : null,
				connectedProfessionals: own.filter((link) => !link.is_key).map((link) => `${link.first_name} ${link.last_name}`),
				profiles: profiles
					.filter((profile) => profile.student_id === student.id)
					.map((profile) => ({
						id: profile.id,
						questionnaire: profile.title,
						kind: profile.kind,
						intervalWeeks: profile.interval_weeks,
						startDate: dateOnly(profile.start_date),
						endDate: profile.end_date ? dateOnly(profile.end_date) : null,
						status: profile.status,
						rounds: profile.rounds,
						respondents: profile.respondents ?? [],
					})),
			}
		}),
	}
}
