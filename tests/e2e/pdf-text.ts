import { inflateSync } from 'node:zlib'

/**
 * The text of a PDF that Chromium printed (`page.pdf()`), in reading order of
 * its content streams, each text object on its own line. Enough for Skia's
 * output (Type0 fonts with a ToUnicode map, Flate-compressed streams, no object
 * streams), not a general PDF reader: the tests check that a printed page
 * says something, and a PDF library for that one question would be a
 * dependency of several megabytes (ADR 034).
 */
export function pdfText(pdf: Buffer): string {
	const raw = pdf.toString('latin1')
	const objects = new Map<string, { dict: string; stream: string | null }>()
	// Objects are found one after another, and a stream is read by its /Length, never up to the next "endstream" or
	// "endobj": compressed bytes may happen to spell either (a run whose text went missing from a PDF, issue 15).
	const header = /(\d+) 0 obj\b/g
	for (let match = header.exec(raw); match; match = header.exec(raw)) {
		const from = match.index + match[0].length
		const streamAt = raw.slice(from).search(/\bstream\r?\n|\bendobj\b/)
		if (streamAt < 0) break
		const dict = raw.slice(from, from + streamAt)
		if (!raw.startsWith('stream', from + streamAt)) {
			objects.set(match[1]!, { dict, stream: null })
			continue
		}
		const length = /\/Length (\d+)\b(?! \d+ R)/.exec(dict)
		if (!length) throw new Error(`PDF object ${match[1]} has a stream without a direct /Length`)
		const start = raw.indexOf('\n', from + streamAt) + 1
		let data = Buffer.from(raw.slice(start, start + Number(length[1])), 'latin1')
		if (/\/FlateDecode/.test(dict)) data = inflateSync(data)
		objects.set(match[1]!, { dict, stream: data.toString('latin1') })
		header.lastIndex = start + Number(length[1])
	}

	// Font resource name → the ToUnicode maps (code in hex → text) of the fonts given that name. Each page and form has
	// resources of its own, so one name (/F4) can stand for different fonts in different places: a run whose footer
	// text went missing read it with another page's map (issue 15).
	const fonts = new Map<string, Map<string, string>[]>()
	for (const { dict } of objects.values()) {
		for (const resource of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
			for (const entry of resource[1]!.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
				const font = objects.get(entry[2]!)
				const toUnicode = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict)
				const cmap = toUnicode && objects.get(toUnicode[1]!)?.stream
				if (cmap) fonts.set(entry[1]!, [...(fonts.get(entry[1]!) ?? []), parseCmap(cmap)])
			}
		}
	}

	const lines: string[] = []
	for (const { stream } of objects.values()) {
		if (!stream || !/\bTf\b/.test(stream)) continue
		let font: Map<string, string>[] = []
		let line = ''
		for (const token of stream.matchAll(/\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>|\bET\b/g)) {
			if (token[1] !== undefined) font = fonts.get(token[1]) ?? []
			else if (token[2] !== undefined) line += decode(token[2].replace(/\s/g, ''), font)
			else {
				lines.push(line)
				line = ''
			}
		}
		if (line) lines.push(line)
	}
	return lines.join('\n')
}

/** The text of a run of glyph codes, read with the map of the font's that knows the most of them. */
function decode(hex: string, cmaps: Map<string, string>[]): string {
	const codes: string[] = []
	for (let i = 0; i + 4 <= hex.length; i += 4) codes.push(hex.slice(i, i + 4).toUpperCase())
	const known = (cmap: Map<string, string>) => codes.filter((code) => cmap.has(code)).length
	const cmap = cmaps.reduce<Map<string, string> | undefined>((best, candidate) => (!best || known(candidate) > known(best) ? candidate : best), undefined)
	return cmap ? codes.map((code) => cmap.get(code) ?? '').join('') : ''
}

function utf16(hex: string): string {
	const units: number[] = []
	for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16))
	return String.fromCharCode(...units)
}

function parseCmap(cmap: string): Map<string, string> {
	const map = new Map<string, string>()
	for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
		for (const pair of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(pair[1]!.toUpperCase().padStart(4, '0'), utf16(pair[2]!))
	}
	for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
		for (const range of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
			const low = parseInt(range[1]!, 16)
			const high = parseInt(range[2]!, 16)
			const targets = range[4] ? [...range[4].matchAll(/<([0-9A-Fa-f]+)>/g)].map((target) => target[1]!) : null
			for (let code = low; code <= high; code++) {
				const key = code.toString(16).toUpperCase().padStart(4, '0')
				if (targets) {
					const target = targets[code - low]
					if (target) map.set(key, utf16(target))
				} else {
					const base = range[3]!
					const last = parseInt(base.slice(-4), 16) + (code - low)
					map.set(key, utf16(base.slice(0, -4) + last.toString(16).padStart(4, '0')))
				}
			}
		}
	}
	return map
}
