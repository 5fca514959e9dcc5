export const ROLE_LABELS = {
	spencerAdmin: 'Platform admin',
	schoolAdmin: 'School admin',
	needManager: 'Need manager',
	professional: 'Professional',
} as const
