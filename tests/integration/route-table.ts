import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes.ts'

/**
 * One URL pattern of app/routes.ts, flattened: what tests that must cover
 * every route (hostile input, error-report masking) iterate over, so a route
 * added to the table is covered without editing a hand-written list.
 */
export type RouteEntry = {
	id: string
	/** The route module, relative to app/. */
	file: string
	/** The full pattern, from the root: `/school-admin/students/list/:id`, `/need-manager/home/:tab?`, `/*`. */
	pattern: string
	/** Its dynamic segments, in order (`id`, `tab`), without the optional mark. */
	params: string[]
	/** The module exports a loader (answers GET) / an action (answers POST). */
	hasLoader: boolean
	hasAction: boolean
	/** The layouts above it, outermost first (their files, relative to app/). */
	layouts: string[]
}

/**
 * A param that names a record (`id`, `domainId`…), as app/services/ids.server.ts reads them: not
 * imported, since these tests run the built app, whose React must be the only one loaded.
 */
export const isIdName = (name: string) => name === 'id' || /[a-z]Id$/.test(name)

const APP_DIR = path.resolve(import.meta.dirname, '../../app')

function exports(file: string, name: 'loader' | 'action') {
	const source = readFileSync(path.join(APP_DIR, file), 'utf8')
	return new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(source)
}

function join(parent: string, child: string | undefined) {
	if (!child) return parent
	return `${parent.replace(/\/$/, '')}/${child}`
}

function walk(entries: RouteConfigEntry[], parentPath: string, layouts: string[], out: RouteEntry[]) {
	for (const entry of entries) {
		const full = join(parentPath, entry.path)
		const isLayout = !entry.path && !entry.index && Boolean(entry.children?.length)
		if (entry.children?.length) {
			walk(entry.children, full, isLayout || entry.path ? [...layouts, entry.file] : layouts, out)
			if (isLayout) continue
		}
		const pattern = full || '/'
		out.push({
			id: entry.id ?? entry.file.replace(/\.[tj]sx?$/, ''),
			file: entry.file,
			pattern,
			params: [...pattern.matchAll(/:([A-Za-z]+)\??/g)].map((match) => match[1] as string),
			hasLoader: exports(entry.file, 'loader'),
			hasAction: exports(entry.file, 'action'),
			layouts,
		})
	}
	return out
}

/** Every URL pattern of app/routes.ts that renders or answers something. */
export function routeTable(): RouteEntry[] {
	return walk(routes, '/', [], [])
}

/**
 * A URL for a pattern: each `:param` from `values` (a map, or a function of
 * the param's name), an optional one left out when it has no value, `*` as
 * `splat`.
 */
export function fillPattern(
	pattern: string,
	values: Record<string, string | undefined> | ((param: string) => string | undefined),
	splat = 'anything',
): string {
	const valueOf = typeof values === 'function' ? values : (param: string) => values[param]
	return (
		pattern
			.split('/')
			.map((segment) => {
				if (segment === '*') return splat
				const param = /^:([A-Za-z]+)(\?)?$/.exec(segment)
				if (!param) return segment
				const value = valueOf(param[1] as string)
				if (value === undefined) {
					if (param[2]) return null
					throw new Error(`No value for :${param[1]} in ${pattern}`)
				}
				return encodeURIComponent(value)
			})
			.filter((segment) => segment !== null)
			.join('/') || '/'
	)
}
