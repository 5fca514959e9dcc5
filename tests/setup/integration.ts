import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

// Mail written by the code under test goes to a folder of this test file's own, never to data/outbox.
process.env.MAIL_OUTBOX_DIR = mkdtempSync(path.join(tmpdir(), 'spencer-mail-'))
