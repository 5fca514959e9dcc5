import { describe, expect, test } from 'vitest'
import { categoryLayout, joinLabel, scoreLabel, sideLayout, widestPiece, wrapLabel } from './label-layout.ts'

// 7 px a character: close enough to 13 px text for the arithmetic to be followed by hand.
const measure = (text: string) => text.length * 7
const DOMAINS = ['Emotional wellbeing', 'Social relationships', 'Learning and engagement', 'Behaviour and self-regulation', 'Communication']

describe('[13.11] domain names that fit their chart', () => {
	test('wrapped at spaces and after hyphens, each line within the width when its words allow', () => {
		expect(wrapLabel('Behaviour and self-regulation', 100, measure)).toEqual(['Behaviour and', 'self-', 'regulation'])
		expect(wrapLabel('Behaviour and self-regulation', 140, measure)).toEqual(['Behaviour and self-', 'regulation'])
		expect(wrapLabel('Communication', 40, measure)).toEqual(['Communication'])
		expect(wrapLabel('  Emotional   wellbeing ', 500, measure)).toEqual(['Emotional wellbeing'])
		expect(widestPiece(DOMAINS, measure)).toBe('relationships'.length * 7)
	})

	test('the lines join back into the name for the tooltip', () => {
		expect(joinLabel(['Behaviour and', 'self-', 'regulation'])).toBe('Behaviour and self-regulation')
		expect(joinLabel('Communication')).toBe('Communication')
	})

	test('columns with wrapped names when there is room, horizontal bars when not, no chart when even those are cramped', () => {
		// 1366 × 768 with the sidebar open: about 920 px for the chart.
		const wide = categoryLayout(920, DOMAINS, measure)!
		expect(wide.horizontal).toBe(false)
		expect(wide.labels.every((lines) => lines.every((line) => measure(line) <= (920 - 64) / 5 - 24))).toBe(true)
		// A phone: the names go beside the bars, whole words on each line.
		const narrow = categoryLayout(400, DOMAINS, measure)!
		expect(narrow.horizontal).toBe(true)
		expect(narrow.labelWidth).toBe(160)
		expect(narrow.labels[3]).toEqual(['Behaviour and self-', 'regulation'])
		// 320 px with the sidebar collapsed leaves about 140 px: the table alone.
		expect(categoryLayout(140, DOMAINS, measure)).toBeNull()
		expect(sideLayout(140, DOMAINS, measure)).toBeNull()
	})

	test('Apex formatters get one decimal whatever they are handed', () => {
		expect(scoreLabel((0.1 + 0.2) * 10 + 1)).toBe('4.0')
		expect(scoreLabel('2.1666666666666665')).toBe('2.2')
		expect(scoreLabel(undefined)).toBe('')
		expect(scoreLabel('')).toBe('')
	})
})
