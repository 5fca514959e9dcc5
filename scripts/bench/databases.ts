import pg from 'pg'

/** One statement on its own connection (creating or dropping a bench's database on the server of `url`). */
export async function adminQuery(url: string, query: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		await client.query(query)
	} finally {
		await client.end()
	}
}
