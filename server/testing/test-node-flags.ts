/**
 * V8 flags for the Node processes the tests start: the servers they spawn and the Vitest workers that open PGlite
 * (package.json's contracts:verify gives the same flag to its reference server, PGlite in memory).
 * PGlite is PostgreSQL compiled to WebAssembly; V8 compiles it with its baseline compiler (Liftoff) and then compiles
 * every function that gets hot again with its optimising one (TurboFan), on background threads. That pays back in a
 * server that runs for days, not in one a test starts for a few seconds: `--liftoff-only` saves about a CPU-second a
 * server start (docs/benchmarks.md, "Test budgets"). What merchants run (`npm start`, `npm run serve`, the benchmarks) keeps V8's
 * compilers as they are (their `--max-semi-space-size` sizes the young generation, not the compilers). Not settable
 * from NODE_OPTIONS nor at run time (V8 freezes its flags once started), hence an argument.
 */
export const testNodeFlags: readonly string[] = ["--liftoff-only"];
