import { defineEntity, p } from '@mikro-orm/core'

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
