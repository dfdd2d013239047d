/**
 * The arguments for `turbo run test` from the ones `scripts/run-tests.mjs` was given: every `--`
 * dropped, then `--continue=always` and `--concurrency=<cores>` added unless given.
 */
export declare function turboArguments(given: readonly string[], cores: number): string[];
