import { hash, verify } from '@node-rs/argon2'

// argon2id (the library's default algorithm) at OWASP's minimum cost: m=19 MiB, t=2, p=1.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
	return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
	try {
		return await verify(passwordHash, password)
	} catch {
		return false
	}
}
