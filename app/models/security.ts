import { defineEntity, p } from '@mikro-orm/core'
import { School } from './school.ts'
import { User } from './user.ts'

/** A fixed-window counter, kept in the database so limits hold across app instances. */
export const RateLimitSchema = defineEntity({
	name: 'RateLimit',
	properties: {
		key: p.string().primary(),
		windowStart: p.datetime(),
		count: p.integer(),
	},
})
export class RateLimit extends RateLimitSchema.class {}
RateLimitSchema.setClass(RateLimit)

/** Secrets the app makes itself on first start (cookie signing), shared by every instance. */
export const AppSecretSchema = defineEntity({
	name: 'AppSecret',
	properties: {
		name: p.string().primary(),
		value: p.string(),
		createdAt: p.datetime().onCreate(() => new Date()),
	},
})
export class AppSecret extends AppSecretSchema.class {}
AppSecretSchema.setClass(AppSecret)

/**
 * A weekly digest of plan reviews that went out (ADR 095): one row per recipient, school and day, written as each mail
 * is sent, so that a retry of the job (after a crash or a restart mid-run) sends only the ones not yet sent.
 */
export const ReviewDigestSentSchema = defineEntity({
	name: 'ReviewDigestSent',
	properties: {
		user: () => p.manyToOne(User).primary().deleteRule('cascade'),
		school: () => p.manyToOne(School).primary().deleteRule('cascade'),
		day: p.string().columnType('date').primary(),
		sentAt: p.datetime().onCreate(() => new Date()),
	},
})
export class ReviewDigestSent extends ReviewDigestSentSchema.class {}
ReviewDigestSentSchema.setClass(ReviewDigestSent)
