/**
 * Search boxes match with SQL `like`, where `%`, `_` and `\` are wildcards and
 * the escape (PostgreSQL's default escape character is `\`). Typed text goes
 * through here so that each of them matches only itself (ADR 016).
 */
export function escapeLike(text: string): string {
	return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** The pattern for "contains the typed text, whatever its case": compare it with `lower(column) like ?`. */
export function containsPattern(text: string): string {
	return `%${escapeLike(text.toLowerCase())}%`
}
