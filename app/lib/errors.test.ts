import { expect, test } from 'vitest'
import { AppError, ERROR_CATALOGUE } from './errors.ts'

test('an AppError carries its catalogue code, message, status and field', () => {
	const error = new AppError(1003, { field: 'upn' })
	expect(error.message).toBe('Student upn already exist.')
	expect(error.status).toBe(409)
	expect(error.field).toBe('upn')
	expect(JSON.parse(JSON.stringify(error))).toEqual({ code: 1003, message: 'Student upn already exist.' })
	expect(new AppError(100001).status).toBe(400)
	expect(new AppError(1000).message).toBe(ERROR_CATALOGUE[1000])
})
