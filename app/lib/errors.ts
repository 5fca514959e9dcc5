/** The error catalogue (docs/architecture.md#errors): what a user may be told. */
export const ERROR_CATALOGUE = {
	10001: 'session expired',
	10002: 'impersonation ended',
	1000: 'Something went wrong. Please, refresh the page or try again later.',
	1001: 'School subdomain should be unique. Please change it and try again.',
	1002: "The theme has an existing reference. Can't delete",
	1003: 'Student upn already exist.',
	1004: 'Student can have only one key professional',
	1005: 'This entity can’t be deleted as it has connected profiles.',
	1006: 'A transfer request is already pending for this student. Only one active request is allowed.',
	1007: 'The token has expired. Please request a new link to continue.',
	100001: 'File is broken, please make sure your CSV file has correct columns and values.',
} as const

export type ErrorCode = keyof typeof ERROR_CATALOGUE

/**
 * What a request answers with a method its address takes no part in (a POST where no form is handled: 405), on a page
 * and as JSON. React Router's own words name the route's module, which is not for anyone outside.
 */
export const METHOD_NOT_ALLOWED = 'Nothing can be sent to this address. Go back and try again from the page you were on.'

/** The HTTP status each code answers with; anything not listed is a 400. */
const STATUS: Partial<Record<ErrorCode, number>> = {
	10001: 401,
	10002: 401,
	1000: 500,
	1001: 409,
	1002: 409,
	1003: 409,
	1004: 409,
	1005: 409,
	1006: 409,
	1007: 410,
}

/** A catalogue error: a code a screen can show beside a field or as a toast. */
export class AppError extends Error {
	readonly code: ErrorCode
	readonly status: number
	/** The form field the error belongs beside, when it has one. */
	readonly field: string | undefined

	constructor(code: ErrorCode, options: { field?: string; cause?: unknown } = {}) {
		super(ERROR_CATALOGUE[code], { cause: options.cause })
		this.name = 'AppError'
		this.code = code
		this.status = STATUS[code] ?? 400
		this.field = options.field
	}

	toJSON() {
		return { code: this.code, message: this.message }
	}
}

export function isAppError(error: unknown): error is AppError {
	return error instanceof AppError
}
