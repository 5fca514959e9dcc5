import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** A message the app wrote to its outbox folder (MAIL_OUTBOX_DIR): its recipient, subject and decoded body. */
export type Mail = { to: string; subject: string; body: string }

/** Every message in an outbox folder, oldest first (the files are named by time); none when the folder is not there yet. */
export function readOutbox(dir: string): Mail[] {
	let files: string[]
	try {
		files = readdirSync(dir).filter((file) => file.endsWith('.eml')).sort()
	} catch {
		return []
	}
	return files.map((file) => {
		const raw = readFileSync(path.join(dir, file), 'utf8')
		const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? ''
		// The body after the headers, quoted-printable soft breaks and escapes undone.
		const body = raw
			.split(/\r?\n\r?\n/)
			.slice(1)
			.join('\n\n')
			.replace(/=\r?\n/g, '')
			.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
		return { to: header('To'), subject: header('Subject'), body }
	})
}
