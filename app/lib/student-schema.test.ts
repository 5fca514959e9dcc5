import { describe, expect, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { StudentSchema } from './student-schema.ts'

const valid = {
	upn: withCheckLetter('801200005001'),
	firstName: 'Ada',
	lastName: 'Lovelace',
	dateOfBirth: '2017-05-04',
	gender: 'Female',
	yearGroup: 'Year 3',
	senStatus: 'none',
}

const errorsOf = (input: Record<string, unknown>) => {
	const result = StudentSchema.safeParse(input)
	return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('the student details form', () => {
	test('accepts a valid student, normalising the UPN and reading "none" as no key professional', () => {
		const parsed = StudentSchema.parse({ ...valid, upn: ` ${valid.upn.toLowerCase()} `, keyProfessional: 'none' })
		expect(parsed.upn).toBe('B801200005001')
		expect(parsed.keyProfessional).toBeNull()
		expect(parsed.connectedProfessionals).toEqual([])
	})

	test('a wrong check letter, and only that, is reported on the UPN', () => {
		expect(errorsOf({ ...valid, upn: 'A801200005001' })).toEqual({ upn: "This UPN's check letter is not right" })
		expect(errorsOf({ ...valid, upn: 'B80120000' })).toEqual({ upn: 'A UPN is 13 characters' })
	})

	test('a temporary UPN (a letter last) is accepted', () => {
		expect(errorsOf({ ...valid, upn: withCheckLetter('80120000500A') })).toEqual({})
	})

	test('the date of birth is a real date, not in the future', () => {
		expect(errorsOf({ ...valid, dateOfBirth: '2999-01-01' })).toEqual({ dateOfBirth: 'The date of birth cannot be in the future' })
		expect(errorsOf({ ...valid, dateOfBirth: '2017-02-30' })).toHaveProperty('dateOfBirth', 'Enter a real date')
		expect(errorsOf({ ...valid, dateOfBirth: '04/05/2017' })).toHaveProperty('dateOfBirth', 'Enter a real date')
	})

	test('gender, year group and SEN status come from their lists', () => {
		expect(Object.keys(errorsOf({ ...valid, gender: 'X', yearGroup: 'Year 14', senStatus: 'maybe' })).sort()).toEqual(['gender', 'senStatus', 'yearGroup'])
	})
})
