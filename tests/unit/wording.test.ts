import { describe, expect, test } from 'vitest'
import { FEEDBACK_STATUS_LABELS, FREQUENCY_SCALE } from '#app/models/enums.ts'
import { ROLE_LABELS, roleInSentence, roleLabel } from '#app/lib/roles.ts'
import { appSources } from '../support/app-sources.ts'

/*
 * The words of docs/glossary.md (ADR 035), held by a scan of the app's source: the words it bans do not come back.
 * Comments are left out (they are for developers), and so are the file-name aliases a CSV import still accepts.
 */

const FILES = appSources()
const UI_FILES = FILES.filter((file) => /^(routes|components)\//.test(file.name))

/** What a screen shows: JSX text, and the strings given to the props and fields that hold words. */
function shownText(text: string): string[] {
	const jsx = [...text.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)].map((match) => match[1]!)
	const props = [...text.matchAll(/\b(?:label|title|description|subtitle|aria-label|placeholder|legend|caption|emptyMessage|searchLabel)(?:=|: ?)\{?(['"`])(.*?)\1/g)].map((match) => match[2]!)
	return [...jsx, ...props]
}

const BANNED: { word: RegExp; instead: string }[] = [
	{ word: /(?<![/\w'"`])[Ll]og ?out\b|\blog(?:ged)? out\b/, instead: 'sign out' },
	{ word: /\b[Ll]og in\b|\b[Pp]lease login\b|\blogin (?:to|back|again)\b/, instead: 'sign in' },
	{ word: /\be-mail/i, instead: 'email' },
	{ word: /\bcredentials\b/i, instead: 'email address or password' },
]

describe('the words of the glossary (docs/glossary.md)', () => {
	test('the source finds files to scan', () => {
		expect(FILES.length).toBeGreaterThan(100)
		expect(UI_FILES.some((file) => file.name === 'components/shell/Shell.tsx')).toBe(true)
	})

	test.each(BANNED)('no screen, toast or mail says $word (say "$instead")', ({ word }) => {
		const found = FILES.flatMap((file) => file.text.split('\n').flatMap((line, index) => (word.test(line) ? [`${file.name}:${index + 1}: ${line.trim()}`] : [])))
		expect(found).toEqual([])
	})

	test('roles are named by one map, app/lib/roles.ts, and no screen shows a role key or an area path as words', () => {
		// A label starts with a capital; a path (`needManager: '/need-manager'`) or a key does not.
		const maps = FILES.filter((file) => file.name !== 'lib/roles.ts' && /\b(?:spencerAdmin|schoolAdmin|needManager|professional)\s*:\s*['"`][A-Z]/.test(file.text)).map((file) => file.name)
		expect(maps).toEqual([])
		const keys = /\b(?:spencerAdmin|schoolAdmin|needManager|spencer-admin|school-admin|need-manager)\b/
		const shown = UI_FILES.flatMap((file) => shownText(file.text).filter((text) => keys.test(text) && !text.trim().startsWith('/')).map((text) => `${file.name}: ${text.trim()}`))
		expect(shown).toEqual([])
	})

	test('roles as staff know them, in sentence case', () => {
		expect(ROLE_LABELS).toEqual({ spencerAdmin: 'Platform admin', schoolAdmin: 'School admin', needManager: 'SENCo / need manager', professional: 'Staff member' })
		expect(roleLabel('needManager')).toBe('SENCo / need manager')
		expect(roleLabel('noSuchRole')).toBe('Staff member')
		expect(roleLabel('toString')).toBe('Staff member')
		expect(['schoolAdmin', 'needManager', 'professional'].map((role) => roleInSentence(role as keyof typeof ROLE_LABELS))).toEqual([
			'a school admin',
			'a SENCo / need manager',
			'a staff member',
		])
	})

	test('feedback with no answer reads "Not started"; labels are in sentence case', () => {
		expect(FEEDBACK_STATUS_LABELS).toEqual({ incomplete: 'Not started', inProgress: 'In progress', complete: 'Complete' })
		for (const label of [...Object.values(FEEDBACK_STATUS_LABELS), ...FREQUENCY_SCALE.map((point) => point.label), ...Object.values(ROLE_LABELS)]) {
			expect(label.slice(1), label).not.toMatch(/\b[A-Z][a-z]/)
		}
	})
})
