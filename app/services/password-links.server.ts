import { sql } from 'kysely'
import type { Visitor } from '#app/context.ts'
import { AppError } from '#app/lib/errors.ts'
import { byEmail, PasswordToken, SchoolMembership, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import type { Em } from './database.server.ts'
import { enqueue, QUEUES, type JobData } from './job-queue.server.ts'
import { appUrl, sendMail } from './mail.server.ts'
import { hashPassword } from './password.server.ts'
import { hitEach, RATE_LIMITS, reset } from './rate-limit.server.ts'
import { completeSignIn, endOtherSessions, hashToken, newToken } from './session.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Passwords set from a link sent by e-mail: a reset the user asked for, or an invitation to a new account. Each link
 * works once, until it expires.
 */

export const RESET_TOKEN_MS = 60 * 60_000
export const INVITATION_TOKEN_MS = 7 * 24 * 60 * 60_000

export type ResetRequestResult = { kind: 'sent' } | { kind: 'limited'; retryAfterSeconds: number }

/**
 * Forgot password: the same answer whether or not the account exists, after
 * the same work. The request only queues the mail; the job looks the address
 * up after the response (ADR 019), so the answer's timing says nothing.
 */
export async function requestPasswordReset({ em, clientAddress }: Visitor, request: Request, email: string): Promise<ResetRequestResult> {
	// Per client, and per address from that client: a stranger elsewhere never uses up the owner's own requests.
	const limit = await hitEach(em, [
		[RATE_LIMITS.resetMailsPerClient, clientAddress],
		[RATE_LIMITS.resetMails, [email.toLowerCase(), clientAddress]],
	])
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	await enqueue(em, QUEUES.resetMail, { email, linkBase: `${appUrl()}/auth/new-password` })
	return { kind: 'sent' }
}

/** The reset mail job: a link to the account of that address, if there is one; nothing otherwise. */
export async function sendPasswordResetMail(em: Em, { email, linkBase }: JobData['password-reset-mail']) {
	const user = await em.findOne(User, byEmail(email))
	if (!user) return
	const link = await issuePasswordToken(em, user, 'reset', linkBase)
	await sendMail({
		to: user.email,
		subject: 'Reset your Spencer password',
		text: `Someone asked to reset the password of your Spencer account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf it was not you, you can ignore this email: your password has not changed.`,
	})
}

/**
 * Sends the invitation of a membership already stored, and says whether it went: a mail server that refuses it must
 * not turn a saved change into an error page, so the screen says so and the admin sends it again. A warning, not an
 * error, in the log, with no address or name (the server's reply may quote the address): the membership id is enough
 * to find who it was.
 */
export async function inviteMember(em: Em, user: User, membershipId: string, options: { request?: Request; schoolName?: string }): Promise<boolean> {
	try {
		await sendInvitation(em, user, options)
		return true
	} catch (error) {
		console.warn(`Invitation email for membership ${membershipId} not sent: ${error instanceof Error ? error.name : 'unknown error'}`)
		return false
	}
}

/** Sends an invitation: a link to set a password, after which the user is signed in. */
export async function sendInvitation(em: Em, user: User, options: { request?: Request; schoolName?: string } = {}) {
	const link = await issuePasswordToken(em, user, 'invitation', `${appUrl()}/auth/set-password-from-email`)
	await sendMail({
		to: user.email,
		subject: "You're invited to Spencer",
		text: `Hello ${user.firstName},\n\nYou have been given access to Spencer${options.schoolName ? ` for ${options.schoolName}` : ''}.\n\nSet your password here (the link works once, for 7 days):\n${link}`,
	})
}

async function issuePasswordToken(em: Em, user: User, purpose: 'reset' | 'invitation', path: string): Promise<string> {
	const token = newToken()
	const ttl = purpose === 'reset' ? RESET_TOKEN_MS : INVITATION_TOKEN_MS
	// A new link voids the earlier unused ones of the same kind, in one transaction with it: never voided without one.
	await em.transactional(async (tx) => {
		await tx.nativeUpdate(PasswordToken, { user: user.id, purpose, usedAt: null }, { usedAt: new Date() })
		tx.create(PasswordToken, { user, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) })
	})
	const params = new URLSearchParams({ token, email: user.email })
	return `${path}?${params}`
}

/** The user a password link belongs to, or 1007 when it is unknown, used or expired. */
export async function checkPasswordToken(em: Em, purpose: 'reset' | 'invitation', token: string, email?: string) {
	const row = await em.findOne(PasswordToken, { tokenHash: hashToken(token), purpose }, { populate: ['user'] })
	if (!row || row.usedAt || row.expiresAt <= new Date()) throw new AppError(1007)
	if (email && row.user.email.toLowerCase() !== email.toLowerCase()) throw new AppError(1007)
	return row
}

export type PasswordSet = { kind: 'reset' } | { kind: 'signedIn'; email: string; headers: Headers } | { kind: 'common' }

/**
 * Sets a password from a reset or invitation link, unless it is a common one.
 * The link is claimed in one statement (single use even under a double
 * submit); every session of the user ends. An accepted invitation signs the
 * user in. A link unknown, used or expired: 1007.
 */
export async function setPasswordFromToken(
	em: Em,
	input: { purpose: 'reset' | 'invitation'; token: string; email?: string; password: string },
): Promise<PasswordSet> {
	if (isCommonPassword(input.password)) return { kind: 'common' }
	const user = await em.transactional(async (tx) => {
		const row = await checkPasswordToken(tx as Em, input.purpose, input.token, input.email)
		const claimed = await typedSql(tx)
			.updateTable('password_token')
			.set({ used_at: sql<Date>`now()` })
			.where('id', '=', row.id)
			.where('used_at', 'is', null)
			.returning('id')
			.execute()
		if (claimed.length === 0) throw new AppError(1007)
		const user = row.user
		user.passwordHash = await hashPassword(input.password)
		if (input.purpose === 'invitation') {
			await tx.nativeUpdate(SchoolMembership, { user: user.id, access: 'invited' }, { access: 'active' })
		}
		await endOtherSessions(tx as Em, user.id, null)
		// Whoever spent the user's code attempts with the old password cannot keep the owner from signing in with the new one.
		await reset(tx as Em, RATE_LIMITS.codeAttempts, user.id)
		audit(tx as Em, { userId: user.id }, input.purpose === 'reset' ? 'auth.password-reset' : 'auth.invitation-accepted', {
			type: 'User',
			id: user.id,
			schoolId: null,
		})
		await tx.flush()
		return user
	})
	if (input.purpose === 'reset') return { kind: 'reset' }
	return { kind: 'signedIn', email: user.email, headers: await completeSignIn(em, user) }
}
