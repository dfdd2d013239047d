import type { BenchOptions } from "vitest";

/**
 * Whether this is a quick bench run (`CTX_BENCH_QUICK=1`, which CI sets): each benchmark then
 * runs once at a small size, set by count, to prove that it still runs; its figures mean
 * nothing, and no test reads them.
 */
export declare function isQuickBench(): boolean;

/** A benchmark's size: `full`, or `quick` in a quick run ({@link isQuickBench}). */
export declare function benchSize(full: number, quick: number): number;

/**
 * The options for one `bench()`: `options` as given, or, in a quick run ({@link isQuickBench}),
 * a single call without warm-up.
 */
export declare function benchOptions(options?: BenchOptions): BenchOptions;
