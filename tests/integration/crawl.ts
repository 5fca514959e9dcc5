import type { Browser } from './app.ts'
import type { RouteEntry } from './route-table.ts'

/** A form of a page, as a browser would post it: its own fields and values, and its first named submit button. */
export type PageForm = { action: string; enctype: string; fields: [name: string, value: string, kind: string][] }

/** What a crawl found for one route: a URL of it with real ids, and the forms its pages post to themselves. */
export type Found = { url: string; forms: PageForm[] }

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

export function decodeEntities(text: string) {
	return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
		if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
		return ENTITIES[name.toLowerCase()] ?? whole
	})
}

function attributes(tag: string): Record<string, string> {
	const found: Record<string, string> = {}
	for (const match of tag.matchAll(/([\w:-]+)(?:\s*=\s*"([^"]*)")?/g)) {
		const name = (match[1] as string).toLowerCase()
		if (!(name in found)) found[name] = decodeEntities(match[2] ?? '')
	}
	return found
}

/** The POST forms of a page's HTML that post back to `path` (the shell's sign-out and sidebar forms post elsewhere). */
export function formsOf(html: string, pageUrl: string, base: string): PageForm[] {
	const forms: PageForm[] = []
	const path = new URL(pageUrl, base).pathname
	for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
		const attrs = attributes(match[1] as string)
		if ((attrs.method ?? 'get').toLowerCase() !== 'post') continue
		const action = new URL(attrs.action || pageUrl, new URL(pageUrl, base))
		if (action.pathname !== path) continue
		const inner = match[2] as string
		const fields: PageForm['fields'] = []
		for (const input of inner.matchAll(/<input\b([^>]*)>/gi)) {
			const field = attributes(input[1] as string)
			const type = (field.type ?? 'text').toLowerCase()
			if (!field.name || ['submit', 'button', 'reset', 'image', 'file'].includes(type)) continue
			if ((type === 'checkbox' || type === 'radio') && !('checked' in field)) continue
			fields.push([field.name, field.value ?? (type === 'checkbox' ? 'on' : ''), type])
		}
		for (const area of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
			const field = attributes(area[1] as string)
			if (field.name) fields.push([field.name, decodeEntities(area[2] as string), 'textarea'])
		}
		for (const select of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
			const field = attributes(select[1] as string)
			const options = [...(select[2] as string).matchAll(/<option\b([^>]*)>/gi)].map((option) => attributes(option[1] as string))
			const chosen = options.find((option) => 'selected' in option) ?? options.find((option) => option.value)
			if (field.name && chosen) fields.push([field.name, chosen.value ?? '', 'select'])
		}
		const button = [...inner.matchAll(/<button\b([^>]*)>/gi)].map((tag) => attributes(tag[1] as string)).find((tag) => tag.name)
		if (button?.name) fields.push([button.name, button.value ?? '', 'submit'])
		forms.push({ action: `${action.pathname}${action.search}`, enctype: attrs.enctype || 'application/x-www-form-urlencoded', fields })
	}
	return forms
}

/** A regular expression for a route pattern (`/groups/:id`, `/home/:tab?`, `/*`), and how specific it is. */
function matcher(pattern: string): { regex: RegExp; statics: number } {
	let statics = 0
	const source = pattern
		.split('/')
		.filter(Boolean)
		.map((segment) => {
			if (segment === '*') return '(?:/.*)?'
			if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+'
			statics++
			return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
		})
		.join('')
	return { regex: new RegExp(`^${source || '/'}/?$`), statics }
}

/** The route a path is for: of those whose pattern it matches, the most specific (as React Router ranks them). */
export function routeOf(routes: RouteEntry[], pathname: string): RouteEntry | undefined {
	let best: { route: RouteEntry; rank: number } | undefined
	for (const route of routes) {
		const { regex, statics } = matcher(route.pattern)
		if (!regex.test(pathname)) continue
		const rank = statics * 10 - (route.pattern.includes('*') ? 5 : 0)
		if (!best || rank > best.rank) best = { route, rank }
	}
	return best?.route
}

/**
 * Follows the links of a signed-in user's pages (breadth first, within
 * `prefixes`, at most `budget` pages), and returns for each route reached a
 * URL with real ids and the forms its pages post to themselves.
 */
export async function crawl(browser: Browser, routes: RouteEntry[], start: string[], prefixes: string[], budget: number) {
	const found = new Map<string, Found>()
	const queue = [...start]
	const seen = new Set(queue)
	let visited = 0
	while (queue.length > 0 && visited < budget) {
		const url = queue.shift() as string
		const response = await browser.request(url)
		visited++
		const location = response.headers.get('Location')
		if (location && response.status >= 300 && response.status < 400) {
			const target = new URL(location, browser.app.url)
			const href = `${target.pathname}${target.search}`
			if (prefixes.some((prefix) => target.pathname.startsWith(prefix)) && !seen.has(href)) {
				seen.add(href)
				queue.push(href)
			}
		}
		if (response.status !== 200 || !response.headers.get('Content-Type')?.includes('text/html')) {
			await response.body?.cancel()
			continue
		}
		const html = await response.text()
		const pathname = new URL(url, browser.app.url).pathname
		const route = routeOf(routes, pathname)
		if (route) {
			const entry = found.get(route.id) ?? { url: pathname, forms: [] }
			const signatures = new Set(entry.forms.map((form) => JSON.stringify(form.fields.map(([name]) => name))))
			for (const form of formsOf(html, url, browser.app.url)) {
				const signature = JSON.stringify(form.fields.map(([name]) => name))
				if (!signatures.has(signature)) {
					signatures.add(signature)
					entry.forms.push(form)
				}
			}
			found.set(route.id, entry)
		}
		for (const link of html.matchAll(/href="(\/[^"]*)"/g)) {
			const href = decodeEntities(link[1] as string).replace(/#.*$/, '')
			const target = new URL(href, browser.app.url)
			if (!prefixes.some((prefix) => target.pathname.startsWith(prefix)) || seen.has(href)) continue
			// One visit per route and modal is enough: the pages of a long list add nothing.
			const linkRoute = routeOf(routes, target.pathname)
			const key = `${linkRoute?.id}|${target.searchParams.getAll('modal').join(',')}`
			if (seen.has(key)) continue
			seen.add(key)
			seen.add(href)
			queue.push(href)
		}
	}
	return found
}
