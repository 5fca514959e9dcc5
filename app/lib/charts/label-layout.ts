import { formatScore } from '#app/lib/format.ts'

/**
 * Category labels (domain names) that fit the room a chart gives them: wrapped
 * into lines, never rotated (tilted labels overlap their neighbours' boxes and
 * are hard to read), and, when even single words do not fit under the columns,
 * the bars turn horizontal so the names stack down the side.
 */

/** Width of a text in pixels, as the chart will draw it. */
export type Measure = (text: string) => number

/** Pieces a name may break after: spaces, and hyphens ("self-" + "regulation"). */
function pieces(text: string): string[] {
	return text
		.trim()
		.split(/\s+/)
		.flatMap((word, index) => {
			const parts = word.split(/(?<=-)(?=.)/)
			return parts.map((part, partIndex) => (index > 0 && partIndex === 0 ? ` ${part}` : part))
		})
}

/**
 * The name broken into lines no wider than `maxWidth` where it can be: at
 * spaces and after hyphens, greedily. A single piece wider than that stays
 * whole (callers check `widest` first).
 */
export function wrapLabel(text: string, maxWidth: number, measure: Measure): string[] {
	const lines: string[] = []
	let line = ''
	for (const piece of pieces(text)) {
		const candidate = line + piece
		if (line && measure(candidate) > maxWidth) {
			lines.push(line)
			line = piece.trimStart()
		} else {
			line = candidate
		}
	}
	if (line) lines.push(line)
	return lines
}

/** The widest piece of any name: the narrowest a column can be for its label to wrap without overflowing. */
export function widestPiece(names: readonly string[], measure: Measure): number {
	return Math.max(0, ...names.flatMap((name) => pieces(name).map((piece) => measure(piece.trim()))))
}

/** Lines back into the name (the tooltip's title). */
export function joinLabel(label: unknown): string {
	if (!Array.isArray(label)) return String(label ?? '')
	return label.map(String).reduce((name, line) => (name === '' ? line : name.endsWith('-') ? name + line : `${name} ${line}`), '')
}

export type CategoryLayout = {
	horizontal: boolean
	/** Each name as its lines. */
	labels: string[][]
	/** Horizontal bars only: the width kept for the names beside them. */
	labelWidth: number
}

/** Room a vertical chart keeps left of the columns for its value axis, and between a label and its neighbours. */
const VALUE_AXIS = 64
const LABEL_GAP = 24
/** The most lines a name may take under its column (ComparisonBars reserves the room for that many). */
export const MAX_LINES = 3
/** Horizontal bars need at least this much beside their names to be worth drawing. */
const MIN_BARS = 140

/**
 * Columns with the names wrapped under them when every name fits its column in
 * at most three lines; otherwise horizontal bars with the names wrapped beside
 * them in up to 40 % of the width (220 px at most, and never less than the
 * widest word); and null, no chart, when even that leaves the bars too little
 * room (the data table is the view then).
 */
export function categoryLayout(width: number, names: readonly string[], measure: Measure): CategoryLayout | null {
	const widest = widestPiece(names, measure)
	const column = (width - VALUE_AXIS) / Math.max(1, names.length) - LABEL_GAP
	if (column >= widest) {
		const labels = names.map((name) => wrapLabel(name, column, measure))
		if (labels.every((lines) => lines.length <= MAX_LINES)) return { horizontal: false, labels, labelWidth: 0 }
	}
	return sideLayout(width, names, measure)
}

/** Horizontal bars with the names wrapped beside them, or null when the bars would be left too little room. */
export function sideLayout(width: number, names: readonly string[], measure: Measure): CategoryLayout | null {
	const labelWidth = Math.ceil(Math.max(Math.min(width * 0.4, 220), widestPiece(names, measure)))
	if (width - labelWidth < MIN_BARS) return null
	return { horizontal: true, labels: names.map((name) => wrapLabel(name, labelWidth, measure)), labelWidth }
}

/**
 * Advance widths of Helvetica/Arial (thousandths of an em) for the printable
 * ASCII characters, space first: how the server estimates a label's width,
 * having no fonts to measure with. Other characters count as an "n".
 */
const WIDTHS = [
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
	278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
	667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
	556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
/** System sans-serif faces (Segoe UI, DejaVu Sans, Roboto) run wider than Helvetica: an estimate errs towards wrapping sooner. */
const SYSTEM_FONT_ALLOWANCE = 1.08

/**
 * A Measure without a browser (the server's drawing of a chart, ADR 040): Helvetica's widths with an
 * allowance for the system font the page actually uses. Close enough to choose the same line breaks
 * in most names; the browser measures for real when it draws the chart again.
 */
export function estimatedMeasure(fontSize: string): Measure {
	const size = Number.parseFloat(fontSize) * SYSTEM_FONT_ALLOWANCE
	return (text) => {
		let thousandths = 0
		for (const character of text) thousandths += WIDTHS[(character.codePointAt(0) ?? 0) - 32] ?? 556
		return (thousandths / 1000) * size
	}
}

/** formatScore for Apex's formatters (axis ticks, tooltips, data labels), which may pass a number, a numeric string or nothing. */
export function scoreLabel(value: unknown): string {
	if (typeof value === 'number') return formatScore(value)
	if (typeof value === 'string' && value.trim() !== '') return formatScore(Number(value))
	return ''
}
