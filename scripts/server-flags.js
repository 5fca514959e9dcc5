// The Node.js flags Spencer's server runs with, in one place: `npm start` (package.json), the Dockerfile's CMD and
// the benches use these, and tests/unit/server-flags.test.ts checks that the first two say the same.
// They keep the server's memory small at little cost in speed (ADRs 056, 060): a 16 MB young generation (fewer,
// cheaper collections than a small one), an old generation capped at 128 MB (two to three times the heap a running
// server holds: collected before it grows past that), and optimising compilation on the main thread (the compiler's
// threads each kept tens of MB of memory after a load).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=128', '--no-concurrent-recompilation']
