/**
 * Dates as UK schools write them (DESIGN.md §5: en-GB, dd/mm/yyyy). Instants
 * are shown in UK time whatever the server's zone, so the server's HTML and
 * the browser's agree.
 */
export const UK_TIME_ZONE = 'Europe/London'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: UK_TIME_ZONE })
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
	day: '2-digit',
	month: '2-digit',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
	timeZone: UK_TIME_ZONE,
})

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

function toDate(value: string | Date): Date | null {
	const date = value instanceof Date ? value : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date
}

/**
 * "dd/mm/yyyy". A date-only string ("2026-03-05", e.g. a date of birth) is a
 * calendar date and is never shifted by a time zone. Empty for a missing or
 * invalid value.
 */
export function formatDate(value: string | Date | null | undefined): string {
	if (value === null || value === undefined || value === '') return ''
	if (typeof value === 'string') {
		const match = DATE_ONLY.exec(value)
		if (match) return `${match[3]}/${match[2]}/${match[1]}`
	}
	const date = toDate(value)
	return date ? dateFormat.format(date) : ''
}

/** "dd/mm/yyyy, HH:mm" in UK time (24-hour). Empty for a missing or invalid value. */
export function formatDateTime(value: string | Date | null | undefined): string {
	if (value === null || value === undefined || value === '') return ''
	const date = toDate(value)
	return date ? dateTimeFormat.format(date) : ''
}
