import { AppError } from '#app/lib/errors.ts'
import { Theme } from '#app/models/index.ts'
import type { AppContext } from '#app/context.ts'
import { audit } from './audit.server.ts'
import { constraintName, mapConstraintErrors } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { notFound } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * A problem with one field of a form that is not a catalogue error (a
 * duplicate name, a choice that no longer exists): the route shows `message`
 * beside `field` and answers 400.
 */
export class FieldProblem extends Error {
	readonly field: string
	constructor(field: string, message: string) {
		super(message)
		this.name = 'FieldProblem'
		this.field = field
	}
}

export const THEME_NAME_TAKEN = 'A theme with this name already exists'

export type ThemeRow = { id: string; name: string; description: string | null; questions: number; recommendations: number }
export type ThemeInput = { name: string; description?: string | null }

/** Every theme with how many questions and recommendations refer to it: one query. */
export async function listThemes({ em }: AppContext): Promise<ThemeRow[]> {
	const rows = await typedSql(em)
		.selectFrom('theme as t')
		.select((eb) => [
			't.id',
			't.name',
			't.description',
			eb
				.selectFrom('question as q')
				.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
				.whereRef('q.theme_id', '=', 't.id')
				.as('questions'),
			eb
				.selectFrom('recommendation as r')
				.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
				.whereRef('r.theme_id', '=', 't.id')
				.as('recommendations'),
		])
		.orderBy((eb) => eb.fn('lower', ['t.name']))
		.orderBy('t.id')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		description: row.description,
		questions: row.questions ?? 0,
		recommendations: row.recommendations ?? 0,
	}))
}

/** The themes as choices of a select. */
export async function themeOptions({ em }: AppContext): Promise<{ value: string; label: string }[]> {
	const themes = await em.find(Theme, {}, { orderBy: { name: 'asc' }, fields: ['id', 'name'] })
	return themes.map((theme) => ({ value: theme.id, label: theme.name }))
}

export async function getTheme({ em }: AppContext, id: string): Promise<Theme> {
	const theme = await em.findOne(Theme, { id })
	if (!theme) throw notFound()
	return theme
}

/** The theme a form chose, or a field problem when it no longer exists. */
export async function requireThemeChoice({ em }: AppContext, id: string, field = 'themeId'): Promise<Theme> {
	const theme = await em.findOne(Theme, { id })
	if (!theme) throw new FieldProblem(field, 'Choose a theme from the list.')
	return theme
}

async function nameTaken({ em }: AppContext, name: string, exceptId: string | null): Promise<boolean> {
	const taken = await typedSql(em)
		.selectFrom('theme')
		.select('id')
		.where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
		.where('id', '<>', exceptId ?? '00000000-0000-0000-0000-000000000000')
		.limit(1)
		.executeTakeFirst()
	return taken !== undefined
}

/** Runs a theme write; the unique index answers a race past the name check with the same field problem. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
	try {
		return await write()
	} catch (error) {
		if (constraintName(error) === 'theme_name_unique') throw new FieldProblem('name', THEME_NAME_TAKEN)
		throw error
	}
}

export async function createTheme(app: SignedIn, input: ThemeInput): Promise<Theme> {
	const { em, auth } = app
	if (await nameTaken(app, input.name, null)) throw new FieldProblem('name', THEME_NAME_TAKEN)
	return withUniqueName(async () => {
		const theme = em.create(Theme, { name: input.name, description: input.description ?? null })
		audit(em, auth, 'theme.create', { type: 'Theme', id: theme.id, schoolId: null })
		await em.flush()
		return theme
	})
}

export async function updateTheme(app: SignedIn, id: string, input: ThemeInput): Promise<Theme> {
	const { em, auth } = app
	const theme = await getTheme(app, id)
	if (await nameTaken(app, input.name, theme.id)) throw new FieldProblem('name', THEME_NAME_TAKEN)
	return withUniqueName(async () => {
		theme.name = input.name
		theme.description = input.description ?? null
		audit(em, auth, 'theme.update', { type: 'Theme', id: theme.id, schoolId: null })
		await em.flush()
		return theme
	})
}

/**
 * Deletes a theme that nothing refers to. Questions and recommendations that
 * use it make it 1002 — checked first, and enforced by the foreign keys.
 */
export async function deleteTheme(app: SignedIn, id: string): Promise<void> {
	const { em, auth } = app
	const theme = await getTheme(app, id)
	const usage = await typedSql(em)
		.selectNoFrom((eb) =>
			eb
				.or([
					eb.exists(eb.selectFrom('question').select(eb.lit(1).as('one')).where('theme_id', '=', theme.id)),
					eb.exists(eb.selectFrom('recommendation').select(eb.lit(1).as('one')).where('theme_id', '=', theme.id)),
				])
				.as('used'),
		)
		.executeTakeFirst()
	if (usage?.used) throw new AppError(1002)
	await mapConstraintErrors(() =>
		em.transactional(async (tx) => {
			await tx.nativeDelete(Theme, { id: theme.id })
			audit(tx, auth, 'theme.delete', { type: 'Theme', id: theme.id, schoolId: null })
			await tx.flush()
		}),
	)
}
