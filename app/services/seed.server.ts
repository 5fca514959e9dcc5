// One file per function: the package's index loads its whole library (~200 MB of resident memory on Node 24).
import { addDays } from 'date-fns/addDays'
import { addWeeks } from 'date-fns/addWeeks'
import { format } from 'date-fns/format'
import { subWeeks } from 'date-fns/subWeeks'
import { subYears } from 'date-fns/subYears'
import { seededRandom } from '#app/lib/random.ts'
import { withCheckLetter } from '#app/lib/upn.ts'
import {
	Answer,
	Domain,
	Feedback,
	Group,
	Profile,
	Question,
	Questionnaire,
	Recommendation,
	Round,
	School,
	SchoolMembership,
	Student,
	StudentProfessional,
	StudentRecommendation,
	Theme,
	User,
	RETENTION_YEARS,
	YEAR_GROUPS,
	type SchoolRole,
	type SchoolType,
	type YearGroup,
} from '#app/models/index.ts'
import type { Em } from './database.server.ts'
import { sendInvitation } from './password-links.server.ts'
import { hashPassword } from './password.server.ts'
import {
	DEMO_PASSWORD,
	FIRST_NAMES,
	LAST_NAMES,
	QUESTIONNAIRE,
	RECOMMENDATIONS,
	THEMES,
} from './seed-content.server.ts'

const isoDate = (date: Date) => format(date, 'yyyy-MM-dd')

/** True when the database holds no school and no user: the only state the demo seeds into. */
export async function isDatabaseEmpty(em: Em): Promise<boolean> {
	const [schools, users] = await Promise.all([em.count(School, {}), em.count(User, {})])
	return schools === 0 && users === 0
}

export type SeededQuestionnaire = { questionnaire: Questionnaire; questions: Question[] }

/** The demo questionnaire with its themes and recommendations, created once. */
export async function ensureDemoQuestionnaire(em: Em): Promise<SeededQuestionnaire> {
	const existing = await em.findOne(Questionnaire, { title: QUESTIONNAIRE.title }, { populate: ['domains.questions'] })
	if (existing) {
		const questions = existing.domains.getItems().flatMap((domain) => domain.questions.getItems())
		return { questionnaire: existing, questions }
	}
	const themes = new Map(THEMES.map((theme) => [theme.name, em.create(Theme, { ...theme })]))
	const questionnaire = em.create(Questionnaire, {
		title: QUESTIONNAIRE.title,
		description: QUESTIONNAIRE.description,
		status: 'published',
	})
	const questions: Question[] = []
	QUESTIONNAIRE.domains.forEach((seedDomain, domainIndex) => {
		const domain = em.create(Domain, {
			questionnaire,
			position: domainIndex,
			name: seedDomain.name,
			description: seedDomain.description,
		})
		seedDomain.questions.forEach((seedQuestion, questionIndex) => {
			questions.push(
				em.create(Question, {
					domain,
					position: questionIndex,
					text: seedQuestion.text,
					theme: themes.get(seedQuestion.theme),
					reverse: seedQuestion.reverse ?? false,
				}),
			)
		})
	})
	for (const recommendation of RECOMMENDATIONS) {
		em.create(Recommendation, { ...recommendation, theme: themes.get(recommendation.theme)! })
	}
	await em.flush()
	return { questionnaire, questions }
}

type SeedSchool = {
	name: string
	subdomain: string
	type: SchoolType
	urn: string
	postcode: string
	address: string
	students: number
	yearGroups: YearGroup[]
	staff: { email: string; firstName: string; lastName: string; role: SchoolRole; jobTitle: string; access?: 'invited' }[]
	groups: { name: string; description: string }[]
}

const SCHOOLS: SeedSchool[] = [
	{
		name: 'Oakfield Primary School',
		subdomain: 'oakfield',
		type: 'Primary',
		urn: '131245',
		address: '12 Oak Lane, Harborne, Birmingham',
		postcode: 'B17 9AA',
		students: 30,
		yearGroups: ['Reception', 'Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6'],
		staff: [
			{ email: 'office@oakfield.test', firstName: 'Olivia', lastName: 'Bennett', role: 'schoolAdmin', jobTitle: 'Data Manager' },
			{ email: 'senco@oakfield.test', firstName: 'Sarah', lastName: 'Collins', role: 'needManager', jobTitle: 'SENCo' },
			{ email: 'teacher@oakfield.test', firstName: 'Tom', lastName: 'Harris', role: 'professional', jobTitle: 'Class Teacher' },
			{ email: 'ta@oakfield.test', firstName: 'Priya', lastName: 'Shah', role: 'professional', jobTitle: 'Teaching Assistant', access: 'invited' },
		],
		groups: [
			{ name: 'Nurture group', description: 'Small group for settling into the day, Monday to Thursday mornings.' },
			{ name: 'Lunchtime club', description: 'A quiet, supervised lunchtime space with games.' },
		],
	},
	{
		name: 'Riverside Academy',
		subdomain: 'riverside',
		type: 'Secondary',
		urn: '138802',
		address: 'Riverside Road, Nottingham',
		postcode: 'NG2 3BT',
		students: 18,
		yearGroups: ['Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11'],
		staff: [
			{ email: 'office@riverside.test', firstName: 'Ravi', lastName: 'Patel', role: 'schoolAdmin', jobTitle: 'Office Manager' },
			{ email: 'senco@riverside.test', firstName: 'Helen', lastName: 'Okafor', role: 'needManager', jobTitle: 'SENCo' },
			{ email: 'mentor@riverside.test', firstName: 'Daniel', lastName: 'Reid', role: 'professional', jobTitle: 'Learning Mentor' },
			{ email: 'support@riverside.test', firstName: 'Jamie', lastName: 'Lee', role: 'professional', jobTitle: 'Learning Support Assistant', access: 'invited' },
		],
		groups: [{ name: 'Year 9 mentoring', description: 'Weekly mentoring sessions with the learning mentor.' }],
	},
	{
		name: 'Meadow View School',
		subdomain: 'meadowview',
		type: 'SEND School',
		urn: '145310',
		address: 'Meadow Way, Leeds',
		postcode: 'LS6 2QQ',
		students: 12,
		yearGroups: ['Year 3', 'Year 5', 'Year 7', 'Year 9', 'Year 11'],
		staff: [
			{ email: 'office@meadowview.test', firstName: 'Grace', lastName: 'Lim', role: 'schoolAdmin', jobTitle: 'School Business Manager' },
			{ email: 'senco@meadowview.test', firstName: 'Mark', lastName: 'Evans', role: 'needManager', jobTitle: 'Assistant Head for Inclusion' },
			{ email: 'teacher@meadowview.test', firstName: 'Chloe', lastName: 'Adams', role: 'professional', jobTitle: 'Class Teacher' },
		],
		groups: [{ name: 'Sensory circuits', description: 'Morning movement and sensory programme.' }],
	},
]

/**
 * One person on the staff of two schools, to try the school switcher with: a need manager at Meadow View first (the
 * oldest membership, where a session starts) and a school admin at Riverside since (docs/decisions/017-school-switcher.md).
 */
const TWO_SCHOOLS = {
	email: 'cover@meadowview.test',
	firstName: 'Jordan',
	lastName: 'Ellis',
	memberships: [
		{ subdomain: 'meadowview', role: 'needManager', jobTitle: 'Inclusion Lead' },
		{ subdomain: 'riverside', role: 'schoolAdmin', jobTitle: 'Trust Data Manager' },
	],
} as const

/**
 * Students who left Meadow View years ago, archived when they left, beside the 60 on roll: under the default retention
 * period the records of the first two are due to be deleted in 12 and 20 days, so the retention screen has something to
 * show (ADR 070); the third left almost two years ago, and comes due only if the school chooses two years. No
 * profiles: what they had is not needed to show their dates.
 */
const LEAVERS: { firstName: string; lastName: string; yearGroup: YearGroup; dueInDays: number; years?: number }[] = [
	{ firstName: 'Nadia', lastName: 'Farrow', yearGroup: 'Year 11', dueInDays: 12 },
	{ firstName: 'Callum', lastName: 'Pryce', yearGroup: 'Year 11', dueInDays: 20 },
	{ firstName: 'Esme', lastName: 'Lockwood', yearGroup: 'Year 9', dueInDays: 15, years: 2 },
]

/** The youngest and oldest birthdays of a year group in the school year that starts in `schoolYear`. */
function birthdayFor(yearGroup: YearGroup, schoolYear: number, fraction: number): string {
	// Reception children turn five during the school year; each year group above is a year older.
	const offset = YEAR_GROUPS.indexOf(yearGroup) - 1
	const start = new Date(Date.UTC(schoolYear - 5 - offset, 8, 1))
	return isoDate(new Date(start.getTime() + Math.floor(fraction * 364) * 86_400_000))
}

const INTERVAL_WEEKS = 6
const COMPLETE_ROUNDS = 3

/**
 * Seeds the demo (docs/architecture.md#migrations-and-demo-data) into an empty database. Returns false, and
 * writes nothing, when the database already holds data.
 */
export async function seedDemo(em: Em, options: { today?: Date } = {}): Promise<boolean> {
	if (!(await isDatabaseEmpty(em))) return false
	const today = options.today ?? new Date()
	const random = seededRandom(2026)
	const passwordHash = await hashPassword(DEMO_PASSWORD)
	const invited: { user: User; schoolName: string }[] = []
	await em.transactional(async (tx) => {
		const { questionnaire, questions } = await ensureDemoQuestionnaire(tx as Em)
		const recommendations = await tx.find(Recommendation, {}, { orderBy: { title: 'asc' } })

		tx.create(User, {
			email: 'admin@spencer.test',
			firstName: 'Alex',
			lastName: 'Morgan',
			systemRole: 'spencerAdmin',
			mfaEnabled: true,
			passwordHash,
		})

		const schoolYear = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1
		const startDate = subWeeks(today, INTERVAL_WEEKS * COMPLETE_ROUNDS)
		let upnSerial = 0
		const schools = new Map<string, School>()

		SCHOOLS.forEach((seedSchool, schoolIndex) => {
			const school = tx.create(School, {
				name: seedSchool.name,
				subdomain: seedSchool.subdomain,
				type: seedSchool.type,
				urn: seedSchool.urn,
				address: seedSchool.address,
				postcode: seedSchool.postcode,
				phone: `0121 496 00${10 + schoolIndex}`,
				contactEmail: `office@${seedSchool.subdomain}.test`,
			})
			schools.set(seedSchool.subdomain, school)
			const members = seedSchool.staff.map((staff) => {
				const user = tx.create(User, {
					email: staff.email,
					firstName: staff.firstName,
					lastName: staff.lastName,
					passwordHash: staff.access === 'invited' ? null : passwordHash,
					lastSignInAt: null,
				})
				if (staff.access === 'invited') invited.push({ user, schoolName: seedSchool.name })
				return tx.create(SchoolMembership, {
					user,
					school,
					firstName: staff.firstName,
					lastName: staff.lastName,
					role: staff.role,
					jobTitle: staff.jobTitle,
					access: staff.access ?? 'active',
				})
			})
			const needManager = members.find((member) => member.role === 'needManager')!
			const professional = members.find((member) => member.role === 'professional')!
			const respondents = [needManager, professional]
			const groups = seedSchool.groups.map((group) => {
				const created = tx.create(Group, { school, ...group })
				created.staff.add(professional)
				return created
			})

			for (let i = 0; i < seedSchool.students; i++) {
				upnSerial++
				// Local authority number, year of allocation, serial: 3 + 2 + 7 digits.
				const body = `${330 + schoolIndex}24${String(upnSerial).padStart(7, '0')}`
				const yearGroup = seedSchool.yearGroups[i % seedSchool.yearGroups.length]!
				const student = tx.create(Student, {
					school,
					upn: withCheckLetter(body),
					firstName: FIRST_NAMES[(i * 7 + schoolIndex * 3) % FIRST_NAMES.length]!,
					lastName: LAST_NAMES[(i * 11 + schoolIndex * 5) % LAST_NAMES.length]!,
					dateOfBirth: birthdayFor(yearGroup, schoolYear, random.next()),
					gender: i % 2 === 0 ? 'Female' : 'Male',
					yearGroup,
					senStatus: i % 5 === 0 ? 'senSupport' : i % 11 === 0 ? 'ehcPlan' : 'none',
				})
				// The professional is key for a third of the students and connected to another third.
				if (i % 3 !== 2) {
					tx.create(StudentProfessional, { student, membership: professional, isKey: i % 3 === 0 })
				}
				const group = groups[i % (groups.length + 1)]
				group?.students.add(student)

				const profile = tx.create(Profile, {
					school,
					student,
					questionnaire,
					kind: 'recurring',
					intervalWeeks: INTERVAL_WEEKS,
					startDate: isoDate(startDate),
					createdBy: needManager.user,
				})
				profile.respondents.set(respondents)

				// Each child has a need level per domain that eases a little each round.
				const baseNeed = QUESTIONNAIRE.domains.map(() => 0.4 + random.next() * 3)
				for (let index = 0; index <= COMPLETE_ROUNDS; index++) {
					const round = tx.create(Round, {
						profile,
						index,
						opensOn: isoDate(addWeeks(startDate, INTERVAL_WEEKS * index)),
					})
					for (const respondent of respondents) {
						const current = index === COMPLETE_ROUNDS
						const feedback = tx.create(Feedback, {
							round,
							respondent,
							status: current ? 'incomplete' : 'complete',
							submittedAt: current ? null : addWeeks(startDate, INTERVAL_WEEKS * index + 1),
						})
						if (current) continue
						questions.forEach((question, q) => {
							const domainNeed = baseNeed[Math.floor(q / 5)]! - 0.3 * index
							const need = Math.max(0, Math.min(4, Math.round(domainNeed + (random.next() - 0.5) * 1.6)))
							tx.create(Answer, { feedback, question, value: question.reverse ? need : 4 - need })
						})
					}
				}
				if (i < 4) {
					tx.create(StudentRecommendation, {
						student,
						recommendation: recommendations[i % recommendations.length]!,
						sourceProfile: profile,
						addedBy: needManager.user,
						note: 'Agreed at the review meeting with the family.',
						// As the plan reviews' migration dates them (ADR 072): 6 weeks after adding, owned by whoever added it. The
						// first was added 7 weeks ago, between two rounds, so its review is overdue and its change measured.
						...(i === 0 ? { createdAt: subWeeks(today, 7) } : {}),
						reviewOn: isoDate(addDays(i === 0 ? subWeeks(today, 7) : today, 42)),
						owner: needManager,
					})
				}
			}
		})

		const leftSchool = schools.get('meadowview')!
		for (const leaver of LEAVERS) {
			upnSerial++
			const archivedAt = subYears(addDays(today, leaver.dueInDays), leaver.years ?? RETENTION_YEARS.default)
			tx.create(Student, {
				school: leftSchool,
				upn: withCheckLetter(`33224${String(upnSerial).padStart(7, '0')}`),
				firstName: leaver.firstName,
				lastName: leaver.lastName,
				dateOfBirth: birthdayFor(leaver.yearGroup, archivedAt.getUTCFullYear() - 1, 0.5),
				gender: 'Not stated',
				yearGroup: leaver.yearGroup,
				senStatus: 'ehcPlan',
				archived: true,
				archivedAt,
				createdAt: subYears(archivedAt, 4),
				updatedAt: archivedAt,
			})
		}

		const { memberships, ...person } = TWO_SCHOOLS
		const user = tx.create(User, { ...person, passwordHash, lastSignInAt: null })
		memberships.forEach(({ subdomain, ...membership }, index) => {
			// Rows created in one flush share a timestamp: the order the switcher starts from is set here.
			const createdAt = new Date(today.getTime() - (memberships.length - index) * 86_400_000)
			tx.create(SchoolMembership, {
				user,
				school: schools.get(subdomain)!,
				...membership,
				firstName: person.firstName,
				lastName: person.lastName,
				access: 'active',
				createdAt,
			})
		})
	})
	// A member who has been invited but not yet set a password: their invitation is in the outbox.
	for (const { user, schoolName } of invited) await sendInvitation(em, user, { schoolName })
	return true
}
