import type { Route } from './+types/floor.ts'

/**
 * An empty page: what any route costs before its own code (React, React
 * Router and the root layout). `npm run bench:weight` measures pages against it.
 */
export default function Floor() {
	return <main aria-label="Empty page" />
}

export const meta: Route.MetaFunction = () => [{ title: 'Spencer' }]
