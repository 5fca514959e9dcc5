// The little of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
	import type { EventEmitter } from 'node:events'

	export type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> }
	export type Result = { requests: { average: number; total: number }; non2xx: number; errors: number; timeouts: number }
	export type Instance = EventEmitter & Promise<Result>

	function autocannon(options: Options): Instance
	export default autocannon
}
