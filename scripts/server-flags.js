// The Node.js flags Spencer's server runs with, in one place: `npm start` (package.json), the Dockerfile's CMD and
// the benches use these, and tests/unit/server-flags.test.ts checks that the first two say the same.
// They keep the server's memory small (ADR 056): a young generation of 4 MB (each collection is short), an old
// generation capped at 96 MB (about twice the heap a running server holds; collected before it grows past that),
// and optimising compilation on the main thread (the compiler's threads each kept tens of MB after a load).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=96', '--no-concurrent-recompilation']
