import { Transform, type TransformCallback } from 'node:stream'

const PRELOAD_START = '<link rel="modulepreload"'
const LOW = '<link rel="modulepreload" fetchpriority="low"'
const HEAD_END = '</head>'
const TAG_START = 0x3c // <
const TAG_END = 0x3e // >
const NOTHING = Buffer.alloc(0)

/**
 * The page's HTML on its way from React to the response, shaped in two ways.
 *
 * - **The head's module preloads at low priority** (ADR 082): the browser then fetches the stylesheet and paints before
 *   it downloads the page's JavaScript, which every page can do without. React hoists React Router's
 *   `<link rel="modulepreload">` into the head, and neither has a prop for their priority, so the attribute is added to
 *   the bytes, up to the end of the head. The head's end is found in the bytes; only the bytes before it are read, as
 *   Latin-1, which maps each byte to one character and back, so text in any encoding passes unchanged. A chunk that
 *   ends inside a tag keeps that tag's start back for the next chunk, so a preload cut in two is still found.
 * - **The body in as few pieces as React allows** (ADR 098): React writes a page in 4 KB chunks, and React Router
 *   flushes the compression stream after each, so a students list went out as 15 separately compressed pieces. The
 *   chunks React writes in one turn of the event loop leave as one, once that turn is over; a part React writes later
 *   (a streamed Suspense boundary) still leaves when it is written.
 */
export function htmlBody(): Transform {
	let pending = NOTHING
	let inHead = true
	let held: Buffer[] = []
	let scheduled = false
	const release = (stream: Transform) => {
		scheduled = false
		if (!held.length) return
		stream.push(held.length === 1 ? held[0] : Buffer.concat(held))
		held = []
	}
	return new Transform({
		transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
			if (!inHead) {
				held.push(chunk)
				if (!scheduled) {
					scheduled = true
					setImmediate(release, this)
				}
				return done()
			}
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
			release(this)
			done(null, pending.length ? lowered(pending) : undefined)
		},
	})
}

/** The bytes with each module preload asking for low priority; the same bytes when they hold none. */
function lowered(bytes: Buffer): Buffer {
	if (!bytes.includes(PRELOAD_START)) return bytes
	return Buffer.from(bytes.toString('latin1').replaceAll(PRELOAD_START, LOW), 'latin1')
}
