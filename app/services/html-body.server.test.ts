import { once } from 'node:events'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { describe, expect, test } from 'vitest'
import { htmlBody } from './html-body.server.ts'

const page =
	'<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
	'<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
	'<title>Élan – Spencer</title></head><body><p>Year 2 – Zoë</p>' +
	'<pre><link rel="modulepreload" href="/in-the-body"/></pre></body></html>'

/** The page written in pieces of `size` bytes, through the transform, as one buffer. */
async function through(bytes: Buffer, size: number) {
	const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size))
	return buffer(Readable.from(pieces).pipe(htmlBody()))
}

describe('htmlBody', () => {
	test('each module preload of the head asks for low priority, and nothing else changes', async () => {
		const out = (await through(Buffer.from(page, 'utf8'), 4096)).toString('utf8')
		expect(out).toBe(page.replace(/<link rel="modulepreload" href="\/assets/g, '<link rel="modulepreload" fetchpriority="low" href="/assets'))
		expect(out.match(/fetchpriority="low"/g)).toHaveLength(2)
		expect(out).toContain('<pre><link rel="modulepreload" href="/in-the-body"/></pre>')
	})

	test.each([1, 2, 3, 7, 13, 31, 64])('written %i bytes at a time (tags and characters cut in two), the same bytes come out', async (size) => {
		const whole = await through(Buffer.from(page, 'utf8'), 4096)
		expect((await through(Buffer.from(page, 'utf8'), size)).equals(whole)).toBe(true)
	})

	test('a document without a head end (cut short) still has its preloads marked and every byte', async () => {
		const cut = page.slice(0, page.indexOf('<title>'))
		const out = (await through(Buffer.from(cut, 'utf8'), 5)).toString('utf8')
		expect(out.match(/fetchpriority="low"/g)).toHaveLength(2)
		expect(out.replace(/ fetchpriority="low"/g, '')).toBe(cut)
	})

	test('the body React writes in one turn leaves as one piece; a part written later leaves on its own', async () => {
		const stream = htmlBody()
		const pieces: string[] = []
		stream.on('data', (piece: Buffer) => pieces.push(piece.toString('utf8')))
		const head = '<!DOCTYPE html><html><head><title>List</title></head>'
		const rows = Array.from({ length: 15 }, (_, index) => `<tr><td>Row ${index}</td></tr>`)
		// One turn: the head, then the shell's body in many chunks, as React flushes a shell.
		stream.write(head)
		for (const row of rows) stream.write(row)
		await new Promise((resolve) => setImmediate(resolve))
		// A later turn: a streamed Suspense boundary's part.
		stream.write('<template>late</template>')
		stream.end('</html>')
		await once(stream, 'end')
		expect(pieces).toEqual([head, rows.join(''), '<template>late</template></html>'])
	})
})
