// @ts-check

/**
 * The options for one `bench()`: `options` as given, or, when `CTX_BENCH_QUICK` is set (CI
 * does), a single call without warm-up. The quick mode proves that a benchmark still runs; its
 * figures mean nothing, and no test reads them.
 * @param {import("vitest").BenchOptions} [options]
 * @returns {import("vitest").BenchOptions}
 */
export function benchOptions(options = {}) {
  if (process.env.CTX_BENCH_QUICK) return { time: 0, iterations: 1, warmup: false };
  return options;
}
