import { ConstraintViolationException } from '@mikro-orm/core'
import { AppError, type ErrorCode } from '#app/lib/errors.ts'

/**
 * The one place where a database constraint becomes a catalogue error, so a
 * race that slips past a service's own check still gets the right message.
 */
const CONSTRAINT_CODES: Record<string, { code: ErrorCode; field?: string }> = {
	school_subdomain_unique: { code: 1001, field: 'subdomain' },
	student_upn_unique: { code: 1003, field: 'upn' },
	student_professional_one_key: { code: 1004, field: 'keyProfessional' },
	transfer_request_one_pending: { code: 1006 },
	question_theme_foreign: { code: 1002 },
	recommendation_theme_foreign: { code: 1002 },
	profile_questionnaire_foreign: { code: 1005 },
	answer_question_foreign: { code: 1005 },
}

export function constraintName(error: unknown): string | null {
	if (!(error instanceof ConstraintViolationException)) return null
	const named = (error as { constraint?: unknown }).constraint
	if (typeof named === 'string' && named) return named
	return /constraint "([^"]+)"/.exec(error.message)?.[1] ?? null
}

/** The catalogue error for a constraint violation, or null when it is not one we know. */
export function toAppError(error: unknown): AppError | null {
	if (error instanceof AppError) return error
	const name = constraintName(error)
	const known = name ? CONSTRAINT_CODES[name] : undefined
	return known ? new AppError(known.code, { field: known.field, cause: error }) : null
}

/** Runs a write and turns a known constraint violation into its catalogue error. */
export async function mapConstraintErrors<T>(write: () => Promise<T>): Promise<T> {
	try {
		return await write()
	} catch (error) {
		throw toAppError(error) ?? error
	}
}
