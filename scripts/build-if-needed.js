// Builds the app when the server build is missing or older than the sources.
// Shared by server.js (npm start) and the integration tests that drive the build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const SERVER_BUILD = 'build/server/index.js'
const SOURCES = ['app', 'server', 'migrations', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']

function newestChange(entry) {
	if (!existsSync(entry)) return 0
	const stat = statSync(entry)
	if (!stat.isDirectory()) return stat.mtimeMs
	return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))))
}

export function buildIfNeeded({ quiet = false } = {}) {
	if (!existsSync('app')) return false // a deployed image carries only the build
	const built = existsSync(SERVER_BUILD) ? statSync(SERVER_BUILD).mtimeMs : 0
	if (built >= Math.max(...SOURCES.map(newestChange))) return false
	if (!quiet) console.log('Building Spencer…')
	// Always the production build, whoever asks: vitest runs with NODE_ENV=test, and a build made under it bundles React's
	// development code for the browser (the floor page weighed 180.9 KB gzipped against 120.5), which the end-to-end
	// suite, started after the integration suite had built, then drove in CI.
	const result = spawnSync('npm', ['run', 'build'], { stdio: quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
	if (result.status !== 0) {
		throw new Error(`The build failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`)
	}
	return true
}
