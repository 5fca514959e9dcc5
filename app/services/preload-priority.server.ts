import { Transform, type TransformCallback } from 'node:stream'

const PRELOAD_START = '<link rel="modulepreload"'
const LOW = '<link rel="modulepreload" fetchpriority="low"'
const HEAD_END = '</head>'
const TAG_START = 0x3c // <
const TAG_END = 0x3e // >
const NOTHING = Buffer.alloc(0)

/**
 * The page's HTML as React writes it, with each module preload of the head asking for low priority (ADR 082): the
 * browser then fetches the stylesheet and paints before it downloads the page's JavaScript, which every page can do
 * without. React hoists React Router's `<link rel="modulepreload">` into the head, and neither has a prop for their
 * priority, so the attribute is added to the bytes, up to the end of the head; past it, chunks pass as they are.
 *
 * The head's end is found in the bytes; only the bytes before it are read, as Latin-1, which maps each byte to one
 * character and back, so text in any encoding passes unchanged. A chunk that ends inside a tag keeps that tag's start
 * back for the next chunk, so a preload cut in two is still found.
 */
export function lowPriorityPreloads(): Transform {
	let pending = NOTHING
	let inHead = true
	return new Transform({
		transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
			if (!inHead) return done(null, chunk)
			const bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk
			pending = NOTHING
			const end = bytes.indexOf(HEAD_END)
			if (end !== -1) {
				// The head's end: only the head is read; the body passes as React wrote it.
				inHead = false
				return done(null, Buffer.concat([lowered(bytes.subarray(0, end)), bytes.subarray(end)]))
			}
			// Held back (copied, as the chunk is React's): from the last '<' when its tag has not ended in this chunk.
			const open = bytes.lastIndexOf(TAG_START)
			const cut = open !== -1 && bytes.indexOf(TAG_END, open) === -1 ? open : bytes.length
			pending = Buffer.from(bytes.subarray(cut))
			done(null, cut ? lowered(bytes.subarray(0, cut)) : undefined)
		},
		flush(done: TransformCallback) {
			done(null, pending.length ? lowered(pending) : undefined)
		},
	})
}

/** The bytes with each module preload asking for low priority; the same bytes when they hold none. */
function lowered(bytes: Buffer): Buffer {
	if (!bytes.includes(PRELOAD_START)) return bytes
	return Buffer.from(bytes.toString('latin1').replaceAll(PRELOAD_START, LOW), 'latin1')
}
