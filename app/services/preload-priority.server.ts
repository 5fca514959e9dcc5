import { Transform, type TransformCallback } from 'node:stream'

const PRELOAD = /<link rel="modulepreload"/g
const LOW = '<link rel="modulepreload" fetchpriority="low"'
const HEAD_END = '</head>'

/**
 * The page's HTML as React writes it, with each module preload of the head asking for low priority (ADR 082): the
 * browser then fetches the stylesheet and paints before it downloads the page's JavaScript, which every page can do
 * without. React hoists React Router's `<link rel="modulepreload">` into the head, and neither has a prop for their
 * priority, so the attribute is added to the bytes, up to the end of the head; past it, chunks pass as they are.
 *
 * Bytes are read as Latin-1, which maps each byte to one character and back, so text in any encoding passes
 * unchanged. A chunk that ends inside a tag keeps that tag's start back for the next chunk, so a preload cut in two is
 * still found.
 */
export function lowPriorityPreloads(): Transform {
	let pending = ''
	let inHead = true
	return new Transform({
		transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
			if (!inHead) return done(null, chunk)
			let text = pending + chunk.toString('latin1')
			const end = text.indexOf(HEAD_END)
			if (end !== -1) {
				inHead = false
				pending = ''
				const head = text.slice(0, end).replace(PRELOAD, LOW)
				return done(null, Buffer.from(head + text.slice(end), 'latin1'))
			}
			// Held back: from the last '<' when its tag has not ended in this chunk.
			const open = text.lastIndexOf('<')
			const cut = open !== -1 && text.indexOf('>', open) === -1 ? open : text.length
			pending = text.slice(cut)
			text = text.slice(0, cut).replace(PRELOAD, LOW)
			done(null, text ? Buffer.from(text, 'latin1') : undefined)
		},
		flush(done: TransformCallback) {
			done(null, pending ? Buffer.from(pending.replace(PRELOAD, LOW), 'latin1') : undefined)
		},
	})
}
