import { z } from 'zod'
import { realDate } from '#app/lib/real-date.ts'
import { isValidUpn, normaliseUpn } from '#app/lib/upn.ts'
import { GENDERS, SEN_STATUSES, YEAR_GROUPS, type Gender, type YearGroup } from '#app/models/enums.ts'

// Made once: building a formatter costs far more than using one, and the import validates thousands of rows.
const ukDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today as yyyy-mm-dd in UK time, so a date of birth is compared as a calendar date. */
function todayInUk(): string {
	return ukDate.format(new Date())
}

/** Who a student is, in every shape a student takes (the form, an import's row, the details page). */
export type StudentIdentity = {
	upn: string
	firstName: string
	lastName: string
	dateOfBirth: string
	gender: Gender
	yearGroup: YearGroup
}

/** The student details form, shared by create and edit. */
export const StudentSchema = z.object({
	upn: z
		.string({ error: 'Enter the UPN' })
		.transform(normaliseUpn)
		.pipe(
			z
				.string()
				.length(13, { error: 'A UPN is 13 characters', abort: true })
				.refine(isValidUpn, "This UPN's check letter is not right"),
		),
	firstName: z.string({ error: 'Enter a first name' }).trim().min(1, 'Enter a first name').max(100, 'Use at most 100 characters'),
	lastName: z.string({ error: 'Enter a last name' }).trim().min(1, 'Enter a last name').max(100, 'Use at most 100 characters'),
	dateOfBirth: realDate('Enter the date of birth')
		.refine((value) => value >= '1990-01-01', 'Enter a date of birth after 1990')
		.refine((value) => value <= todayInUk(), 'The date of birth cannot be in the future'),
	gender: z.enum(GENDERS, { error: 'Choose a gender' }),
	yearGroup: z.enum(YEAR_GROUPS, { error: 'Choose a year group' }),
	senStatus: z.enum(SEN_STATUSES, { error: 'Choose a SEN status' }),
	keyProfessional: z
		.string()
		.optional()
		.transform((value) => (value && value !== 'none' ? value : null)),
	connectedProfessionals: z.array(z.string()).default([]),
})
