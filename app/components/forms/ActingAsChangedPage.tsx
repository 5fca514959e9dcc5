import { useEffect, useRef } from 'react'
import { SWITCH_FIELD, type ActingAsChanged } from '#app/lib/acting-as.ts'
import { roleInSentence } from '#app/lib/roles.ts'

const LINK = 'font-medium text-brand underline underline-offset-2'

/**
 * The answer to a form sent as another school or role than the session's now (ADR 108), or once its session has
 * ended (ADR 114): nothing was saved; what was typed is kept, sent again in one press after switching back or signing in
 * again, and shown to copy. A plain form, so that it works
 * without JavaScript, and with it as a whole page post. Drawn in place of a page whose form had the focus, the page's
 * heading takes the focus when nothing else has it, so that the keyboard starts here rather than at the document's top.
 */
export function ActingAsChangedPage({ action, signedOut, unreachable, sentAs, now, fields, typed, leftOut }: ActingAsChanged) {
	const title = unreachable ? 'Not sent: Spencer could not be reached' : signedOut ? 'Not sent: you are signed out' : 'Not sent: you have switched school or role'
	const heading = useRef<HTMLHeadingElement>(null)
	useEffect(() => {
		if (!document.activeElement || document.activeElement === document.body) heading.current?.focus()
	}, [])
	return (
		<main className="mx-auto max-w-2xl px-6 py-16">
			<title>{`${title} · Spencer`}</title>
			<h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold">
				{title}
			</h1>
			{unreachable ? (
				<>
					<p className="mt-2" role="alert">
						The connection to Spencer was lost as this form was sent (or Spencer was restarting), so nothing was saved. When
						the connection is back, send it again.
					</p>
					<ResendForm action={action} fields={fields} label="Send it again" />
				</>
			) : signedOut ? (
				<>
					<p className="mt-2" role="alert">
						This form was opened while you were signed in. Your session has ended since (you signed out in another tab, or it
						timed out), so nothing was saved.
					</p>
					<ol className="mt-4 list-decimal space-y-2 pl-6">
						<li>
							<a className={LINK} href="/auth/login" target="_blank" rel="noopener">
								Sign in again (opens in a new tab)
							</a>
							, then come back to this tab.
						</li>
						<li>Send it again with the button below.</li>
					</ol>
					<ResendForm action={action} fields={fields} label="Send it again" />
				</>
			) : (
				<>
					<p className="mt-2" role="alert">
						{sentAs ? `This form was opened while you were working in ${sentAs.school} as ${roleInSentence(sentAs.role)}. ` : 'This form was opened for a school or role you no longer have. '}
						{now ? `Since then you have started working in ${now.school} as ${roleInSentence(now.role)}, perhaps in another tab. ` : null}
						Nothing was saved.
					</p>
					{sentAs ? <ResendForm action={action} fields={fields} label={`Switch to ${sentAs.school} and send it`} /> : null}
					<p className="mt-6">
						<a className={LINK} href="/">
							{now ? `Stay in ${now.school}: go to your home page` : 'Go to your home page'}
						</a>
					</p>
				</>
			)}
			{typed.length ? (
				<section aria-labelledby="typed-heading" className="mt-8">
					<h2 id="typed-heading" className="text-lg font-semibold">
						What you typed
					</h2>
					<dl className="mt-2 grid gap-3">
						{typed.map(({ label, value }, index) => (
							<div key={index}>
								<dt className="text-sm font-medium text-slate-700">{label}</dt>
								<dd className="whitespace-pre-wrap break-words">{value}</dd>
							</div>
						))}
					</dl>
				</section>
			) : null}
			{leftOut.length ? <p className="mt-6 text-sm text-slate-800">Not kept here, for safety: {leftOut.join(', ')}.</p> : null}
		</main>
	)
}

/**
 * The fields as sent, to send again in one press; with SWITCH_FIELD, so that a session signed in again meanwhile, or
 * acting elsewhere, switches back to the school and role the form was drawn for while it still has them.
 */
function ResendForm({ action, fields, label }: Pick<ActingAsChanged, 'action' | 'fields'> & { label: string }) {
	return (
		<form method="post" action={action} className="mt-6">
			{fields.map(([name, value], index) => (
				<input key={index} type="hidden" name={name} value={value} />
			))}
			<input type="hidden" name={SWITCH_FIELD} value="1" />
			{/* A button of fixed classes: this page is drawn by the root, whose code every page loads (no button styles here). */}
			<button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand/90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
				{label}
			</button>
		</form>
	)
}
