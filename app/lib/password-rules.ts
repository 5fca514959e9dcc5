import { z } from 'zod'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
/** Beside a new password: every rule a password is checked against, so that none is learnt only from a refusal. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, with at least 1 uppercase letter and 1 symbol`

/** The product's password rule (docs/architecture.md#security), shared by the browser and the server. */
export const PasswordSchema = z
	.string({ error: 'Enter a password' })
	.min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
	.max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`)
	.regex(/\p{Lu}/u, 'Add at least 1 uppercase letter')
	.regex(/[^\p{L}\p{N}\s]/u, 'Add at least 1 symbol, such as ! or ?')

export const EmailSchema = z
	.string({ error: 'Enter your email address' })
	.trim()
	.min(1, 'Enter your email address')
	.max(254, 'Enter a shorter email address')
	.pipe(z.email({ error: 'Enter a valid email address' }))
	.transform((email) => email.toLowerCase())
