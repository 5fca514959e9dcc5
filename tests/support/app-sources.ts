import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const APP = path.resolve(import.meta.dirname, '../../app')

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === '+types' ? [] : sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

/** A file's code without its comments (`//` after a space or at a line's start, so `https://` stays) and import aliases. */
function code(file: string) {
	return readFileSync(file, 'utf8')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/(^|\s)\/\/.*$/gm, '$1')
		.replace(/aliases: \[[^\]]*\]/g, 'aliases: []')
}

/** The app's source files (tests and generated route types left out), by path under app/, as code without comments. */
export function appSources(): { name: string; text: string }[] {
	return sourceFiles(APP).map((file) => ({ name: path.relative(APP, file), text: code(file) }))
}
