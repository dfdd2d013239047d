import type { BenchOptions } from "vitest";

/**
 * The options for one `bench()`: `options` as given, or, when `CTX_BENCH_QUICK` is set (CI
 * does), a single call without warm-up. The quick mode proves that a benchmark still runs; its
 * figures mean nothing, and no test reads them.
 */
export declare function benchOptions(options?: BenchOptions): BenchOptions;
