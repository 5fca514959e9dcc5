/**
 * A write from another site: `Sec-Fetch-Site: cross-site`, or an Origin that
 * is not ours. (Browsers send one or the other on every cross-site POST.)
 */
export function isCrossSiteWrite(input: { method: string; secFetchSite?: string | null; origin?: string | null; ownOrigin: string }) {
	if (['GET', 'HEAD', 'OPTIONS'].includes(input.method)) return false
	if (input.secFetchSite === 'cross-site') return true
	if (!input.origin) return false
	return input.origin !== input.ownOrigin
}

export const CROSS_SITE_REFUSED = { code: 403, message: 'Cross-site requests are refused.' }
