import { z } from 'zod'

export const OFFBOARD_CONFIRMATION_REQUIRED = 'Type the school’s subdomain to confirm'
export const OFFBOARD_CONFIRMATION_MISMATCH = 'This is not the school’s subdomain. Type it exactly as shown above.'

/** The offboarding form: the school's subdomain, typed (unique, and shown on the page; the service compares it). */
export const OffboardSchema = z.object({
	confirmation: z.string({ error: OFFBOARD_CONFIRMATION_REQUIRED }).trim().min(1, OFFBOARD_CONFIRMATION_REQUIRED).max(100, OFFBOARD_CONFIRMATION_MISMATCH),
})
