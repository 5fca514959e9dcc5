/** Raw SQL on an app's database, as TestApp.sql runs it. */
type Sql = (query: string, params?: unknown[]) => Promise<unknown[]>

/**
 * Makes the database refuse every write to `tables` (a trigger on each), with
 * an error that repeats the row as PostgreSQL's own not-null errors do
 * ("Failing row contains (…)"): what error reporting must then keep to itself.
 * Returns the function that lifts it.
 */
export async function failWrites(sql: Sql, tables: string[]): Promise<() => Promise<void>> {
	await sql(`create or replace function forced_write_failure() returns trigger language plpgsql as $$
		begin
			raise exception 'forced failure for the error-report tests. Failing row contains %', coalesce(new, old);
		end
	$$`)
	for (const table of tables) {
		await sql(`create or replace trigger forced_write_failure before insert or update or delete on "${table}" for each row execute function forced_write_failure()`)
	}
	return async () => {
		for (const table of tables) await sql(`drop trigger if exists forced_write_failure on "${table}"`)
	}
}
