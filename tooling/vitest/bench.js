// @ts-check

/**
 * Whether this is a quick bench run (`CTX_BENCH_QUICK=1`, which CI sets): each benchmark then
 * runs once at a small size, set by count, to prove that it still runs; its figures mean
 * nothing, and no test reads them.
 * @returns {boolean}
 */
export function isQuickBench() {
  return process.env.CTX_BENCH_QUICK === "1";
}

/**
 * A benchmark's size: `full`, or `quick` in a quick run ({@link isQuickBench}).
 * @param {number} full
 * @param {number} quick
 * @returns {number}
 */
export function benchSize(full, quick) {
  return isQuickBench() ? quick : full;
}

/**
 * The options for one `bench()`: `options` as given, or, in a quick run ({@link isQuickBench}),
 * a single call without warm-up.
 * @param {import("vitest").BenchOptions} [options]
 * @returns {import("vitest").BenchOptions}
 */
export function benchOptions(options = {}) {
  if (isQuickBench()) return { time: 0, iterations: 1, warmup: false };
  return options;
}
