import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.js'

/** The server's Node.js flags (ADR 056) are written out in package.json and the Dockerfile: both say what server-flags.js says. */
test('npm start and the Dockerfile run the server with the flags of scripts/server-flags.js', () => {
	const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start
	// `exec`: the shell npm runs the script in becomes the server, so that a SIGTERM npm passes on reaches it (ADR 094).
	expect(start).toBe(['exec', 'node', ...SERVER_NODE_FLAGS, 'server.js'].join(' '))
	const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1]
	expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...SERVER_NODE_FLAGS, 'server.js'])
	expect(SERVER_NODE_FLAGS).toContain('--max-old-space-size=128')
})
