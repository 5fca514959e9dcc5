import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { readEnv, setEnv } from '#app/services/env.server.ts'

// Modules that tests use directly (without createSpencer) read this configuration. Mail they send goes to a folder of
// this test file's own, never to data/outbox.
setEnv(readEnv({ NODE_ENV: 'test', MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'spencer-mail-')) }))
