/**
 * A recommendation's description is plain text: blank lines separate
 * paragraphs, a single line break stays a line break, and http(s) addresses
 * become links. It is turned into pieces that React renders as elements, so
 * nothing typed is ever interpreted as HTML.
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string } | { kind: 'break' }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi
// Punctuation that ends a sentence rather than the address it follows.
const TRAILING = /[.,;:!?]+$/

function linkable(candidate: string): { href: string; rest: string } | null {
	let href = candidate
	let rest = ''
	const trailing = TRAILING.exec(href)
	if (trailing) {
		rest = trailing[0]
		href = href.slice(0, -rest.length)
	}
	// A closing bracket belongs to the address only when it opened one too: "(see https://a.org/x)".
	while (href.endsWith(')') && (href.match(/\(/g)?.length ?? 0) < (href.match(/\)/g)?.length ?? 0)) {
		href = href.slice(0, -1)
		rest = `)${rest}`
	}
	try {
		const url = new URL(href)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
	} catch {
		return null
	}
	return { href, rest }
}

function inlines(line: string): Inline[] {
	const pieces: Inline[] = []
	let last = 0
	const push = (text: string) => {
		if (!text) return
		const previous = pieces.at(-1)
		if (previous?.kind === 'text') previous.text += text
		else pieces.push({ kind: 'text', text })
	}
	for (const match of line.matchAll(URL_PATTERN)) {
		const start = match.index ?? 0
		const found = linkable(match[0])
		push(line.slice(last, start))
		if (found) {
			pieces.push({ kind: 'link', href: found.href, text: found.href })
			push(found.rest)
		} else {
			push(match[0])
		}
		last = start + match[0].length
	}
	push(line.slice(last))
	return pieces
}

/** The paragraphs of a text, each a list of text, links and line breaks. */
export function parseRichText(text: string): Inline[][] {
	return text
		.replace(/\r\n?/g, '\n')
		.split(/\n[ \t]*\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean)
		.map((paragraph) =>
			paragraph.split('\n').flatMap((line, index) => [...(index > 0 ? [{ kind: 'break' } as const] : []), ...inlines(line.trim())]),
		)
}
