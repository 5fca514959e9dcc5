import { useEffect, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { formatDate } from '#app/lib/format.ts'
import type { PrintDetails } from '#app/services/student-views.server.ts'

const CONFIDENTIAL = 'Confidential — contains personal data'

/**
 * A student view as it prints (ADR 034): a header and a footer that only
 * paper shows, repeated on every page. In print the frame is a CSS table
 * (app.css `.print-frame`): Chromium repeats a table's header and footer
 * groups on each page and keeps the content clear of them, which a
 * `position: fixed` header does not. The page numbers are the @page margin
 * boxes' (app.css). On screen the header and footer are not rendered at all.
 */
export function PrintFrame({ details, student, children }: { details: PrintDetails; student: string; children: ReactNode }) {
	// The date is the server's today; printed later (a page left open overnight), it is the day it is printed.
	const [printedOn, setPrintedOn] = useState(details.printedOn)
	useEffect(() => {
		// Rendered before the browser lays out the print, which does not wait for React's next frame.
		const update = () => flushSync(() => setPrintedOn(new Date().toISOString()))
		window.addEventListener('beforeprint', update)
		return () => window.removeEventListener('beforeprint', update)
	}, [])
	return (
		<div className="print-frame">
			<div className="print-frame-header hidden print:table-header-group">
				<div className="mb-3 flex justify-between gap-4 border-b border-slate-400 pb-1 text-xs text-slate-700">
					<span>
						<strong className="text-slate-900">{details.school}</strong>
						{` · ${student}`}
					</span>
					<span className="font-semibold text-slate-900">{CONFIDENTIAL}</span>
				</div>
			</div>
			<div className="print-frame-body print:table-row-group">{children}</div>
			<div className="print-frame-footer hidden print:table-footer-group">
				<div className="mt-3 flex justify-between gap-4 border-t border-slate-400 pt-1 text-xs text-slate-700">
					<span>{`Printed ${formatDate(printedOn)} by ${details.printedBy}`}</span>
					<span>{CONFIDENTIAL}</span>
				</div>
			</div>
		</div>
	)
}
