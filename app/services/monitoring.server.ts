/**
 * Server-side error reporting. Until Sentry is configured (SENTRY_DSN), an
 * unexpected error is logged by its name and message only: never request
 * bodies, which may hold passwords or children's data.
 */
export function reportServerError(error: unknown, request: Request) {
	const path = new URL(request.url).pathname
	if (error instanceof Error) console.error(`Unexpected error on ${request.method} ${path}: ${error.name}: ${error.message}\n${error.stack ?? ''}`)
	else console.error(`Unexpected error on ${request.method} ${path}`)
}
