/**
 * Words at the heart of the most common passwords (breach corpora top lists),
 * refused even when dressed up to pass the rule: "Password1!" or "Welcome2026?".
 */
const COMMON_WORDS = new Set(
	`password passw0rd p@ssw0rd p@ssword pass word qwerty qwertyuiop qwertz azerty asdfgh asdfghjkl zxcvbnm
	letmein welcome welcome1 admin administrator root login master secret iloveyou loveyou lovely
	football baseball soccer cricket chelsea arsenal liverpool manchester united rangers celtic
	monkey dragon shadow sunshine princess flower blossom summer winter autumn spring
	abc abcd abcdef abcdefg abcdefgh abc123 qazwsx trustno1 whatever freedom hello hellothere
	superman batman spiderman starwars pokemon minecraft fortnite roblox
	school teacher student college london england scotland wales britain
	changeme default temp temporary test tester testing guest user username
	january february march april may june july august september october november december
	monday tuesday wednesday thursday friday saturday sunday
	charlie jessica michael daniel thomas george harry oliver jordan hunter ginger buster
	pepper cookie chocolate banana orange purple yellow silver golden diamond
	computer internet google facebook apple samsung microsoft windows linux
	matrix killer ninja mustang ferrari porsche jaguar
	qwerty123 password123 welcome123 admin123 letmein123 iloveyou123`
		.split(/\s+/)
		.filter(Boolean),
)

/** What someone choosing a common password is told, wherever they choose it. */
export const COMMON_PASSWORD = 'That password is too common. Please choose another.'

/** True for a password that is a common one, or a common word with only digits and symbols around it. */
export function isCommonPassword(password: string): boolean {
	const lower = password.toLowerCase()
	if (COMMON_WORDS.has(lower)) return true
	const core = lower.replace(/^[^a-z@]+|[^a-z]+$/g, '')
	if (COMMON_WORDS.has(core)) return true
	// Keyboard runs and repeats: "Aaaaaaa!", "Qwerty!!", "12345678A!".
	if (/^(.)\1+$/.test(core) || core.length <= 1) return true
	return false
}
