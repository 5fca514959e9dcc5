import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/*
 * The docs stand alone (issue 15): code, tests and scripts point to the repository's own docs
 * (docs/architecture.md, docs/decisions/, docs/glossary.md), never to a file outside it, the
 * links of docs/architecture.md lead to files that exist, and every decision says when it was taken
 * and whether it still holds.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const SELF = path.relative(ROOT, import.meta.filename)
const SKIPPED_DIRS = new Set(['node_modules', '+types', 'build', '.react-router'])

function files(dir: string): string[] {
	return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.join(dir, entry.name)
		if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : files(relative)
		return /\.(ts|tsx|js|mjs|cjs|css|json)$/.test(entry.name) ? [relative] : []
	})
}

/** The root's own config files (package.json, vite.config.ts, server.js…). */
const rootFiles = () =>
	readdirSync(ROOT, { withFileTypes: true })
		.filter((entry) => entry.isFile() && /\.(ts|js|mjs|cjs|json)$/.test(entry.name) && entry.name !== 'package-lock.json')
		.map((entry) => entry.name)

// Built from parts, so this file does not name what it looks for.
const OUTSIDE = new RegExp(['DESIGN', 'STYLE'].map((name) => `\\b${name}\\.md`).join('|') + '|\\.\\./shared\\b')

describe('no file names a document outside the repository', () => {
	const scanned = [...['app', 'server', 'scripts', 'tests', 'migrations'].flatMap(files), ...rootFiles(), path.join('.ci', 'run')].filter(
		(file) => file !== SELF,
	)

	test('the scan covers the code, the tests and the scripts', () => {
		expect(scanned).toContain(path.join('app', 'lib', 'errors.ts'))
		expect(scanned).toContain(path.join('server', 'app.ts'))
		expect(scanned).toContain(path.join('scripts', 'bench.ts'))
		expect(scanned).toContain(path.join('tests', 'e2e', 'auth.spec.ts'))
		expect(scanned).toContain('server.js')
		expect(scanned).toContain(path.join('migrations', 'index.ts'))
	})

	test('no mention of the design brief, the style guide or the shared folder beside the repository', () => {
		const mentions = scanned.flatMap((file) =>
			readFileSync(path.join(ROOT, file), 'utf8')
				.split('\n')
				.flatMap((line, index) => (OUTSIDE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
		)
		expect(mentions).toEqual([])
	})

	test('each docs/architecture.md#section a file names is a heading of it', () => {
		const anchors = headingAnchors(readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8'))
		const cited = scanned.flatMap((file) =>
			[...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/docs\/architecture\.md#([\w-]+)/g)].map((match) => ({ file, anchor: match[1]! })),
		)
		expect(cited.length).toBeGreaterThan(20)
		expect(cited.filter(({ anchor }) => !anchors.includes(anchor))).toEqual([])
	})
})

describe('docs/architecture.md', () => {
	const doc = path.join(ROOT, 'docs', 'architecture.md')

	test('exists', () => {
		expect(existsSync(doc)).toBe(true)
	})

	test('each relative link leads to a file or folder that exists, and each anchor to a heading', () => {
		const text = readFileSync(doc, 'utf8')
		const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((href) => !/^[a-z]+:/i.test(href))
		expect(links.length).toBeGreaterThan(20)
		const broken = links.filter((href) => {
			const [target, anchor] = href.split('#') as [string, string | undefined]
			const file = target === '' ? doc : path.resolve(path.dirname(doc), target)
			if (!existsSync(file)) return true
			if (anchor === undefined || !file.endsWith('.md')) return false
			return !headingAnchors(readFileSync(file, 'utf8')).includes(anchor)
		})
		expect(broken).toEqual([])
	})
})

describe('docs/decisions', () => {
	const dir = path.join(ROOT, 'docs', 'decisions')
	const decisions = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name))

	test('are numbered once each', () => {
		expect(decisions.length).toBeGreaterThan(40)
		const numbers = decisions.map((name) => name.slice(0, 3))
		expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([])
	})

	// Between the title and the first section: `Date: YYYY-MM-DD` (the day it was written) and `Status: …`
	// (accepted, rejected, superseded…); on one line (`Date: … · Status: …`) or on two.
	test.each(decisions)('%s says its date and status under its title', (name) => {
		const text = readFileSync(path.join(dir, name), 'utf8')
		expect(text.startsWith(`# ${name.slice(0, 3)} `), 'a title with its number').toBe(true)
		const header = text.split(/^## /m)[0]!
		expect(header).toMatch(/^Date: \d{4}-\d{2}-\d{2}\b/m)
		expect(header).toMatch(/(^|[·.] )Status: \S/m)
	})
})

/** GitHub's anchors for a Markdown file's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): string[] {
	return [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) =>
		match[1]!
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-'),
	)
}
