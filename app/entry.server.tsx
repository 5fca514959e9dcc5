import { randomBytes } from 'node:crypto'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router'
import { NonceContext } from '#app/components/nonce.tsx'
import { noteActionResult, reportServerError } from '#app/services/monitoring.server.ts'
import { htmlBody } from '#app/services/html-body.server.ts'
import { securityHeaders } from '#app/services/security-headers.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	const { actionData, errors } = routerContext.staticHandlerContext
	if (request.method !== 'GET') noteActionResult(loadContext, { actionData, errors })
	const nonce = randomBytes(16).toString('base64')
	for (const [name, value] of securityHeaders(nonce)) responseHeaders.set(name, value)
	const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceContext value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceContext>,
			{
				nonce,
				[waitForAll ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					// The head's module preloads at low priority (ADR 082), the body in as few pieces as React allows (ADR 098).
					const body = htmlBody()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
					pipe(body)
					// A page that is sent in full clears the abort timer, which would otherwise keep the whole render
					// alive for six seconds after the response.
					body.on('close', () => clearTimeout(timer))
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
		const timer = setTimeout(abort, streamTimeout + 1_000)
	})
}

/** Unexpected errors go to error reporting; aborted requests, and refusals such as a POST where no action is (405), are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return
	void reportServerError(error, request, context)
}
