/**
 * The Node flags every start of the web host passes (npm start, npm run web, the tests and benches).
 * V8 sizes the young generation from the machine's memory; with 500 tasks in flight the host's
 * polling grew it to its most, and the process to 377 MB. With semi-spaces of at most 16 MB it stayed
 * at 236 MB, finding finished tasks as fast (docs/benchmarks.md). A flag, not a call at start: V8
 * sizes its heap once, before any of the host's code runs.
 */
export const WEB_HOST_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=16"];
