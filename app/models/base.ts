import { randomUUID } from 'node:crypto'
import { p } from '@mikro-orm/core'

/** The columns every table has: a uuid id and its creation and update times. */
export function baseProperties() {
	return {
		id: p.uuid().primary().onCreate(() => randomUUID()),
		createdAt: p.datetime().onCreate(() => new Date()),
		updatedAt: p
			.datetime()
			.onCreate(() => new Date())
			.onUpdate(() => new Date()),
	}
}
