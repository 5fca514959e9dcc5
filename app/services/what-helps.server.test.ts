import { expect, test } from 'vitest'
import { toOptions, type OptionRow } from './what-helps.server.ts'

test('the report’s options are split by kind and sorted by name whatever order the nested rows came in', () => {
	const row = (kind: OptionRow['kind'], label: string): OptionRow => ({ kind, value: `${kind}-${label}`, label, sort: label.toLowerCase() })
	const rows = [row('theme', 'Sleep'), row('group', 'Year 9'), row('theme', 'anxiety'), row('group', 'Nurture'), row('theme', 'Friendships'), row('group', 'art club')]
	expect(toOptions(rows)).toEqual({
		groups: [
			{ value: 'group-art club', label: 'art club' },
			{ value: 'group-Nurture', label: 'Nurture' },
			{ value: 'group-Year 9', label: 'Year 9' },
		],
		themes: [
			{ value: 'theme-anxiety', label: 'anxiety' },
			{ value: 'theme-Friendships', label: 'Friendships' },
			{ value: 'theme-Sleep', label: 'Sleep' },
		],
	})
})
