import fc from "fast-check";

/** A write one session object makes: each is one append to its rollout. */
export type WriteKind = "turn" | "record" | "rollback" | "compact";

/** One step of a schedule: a writer (an index, taken modulo the number of writers) acts. */
export type WriterStep =
  | { readonly kind: "resume"; readonly writer: number }
  | { readonly kind: "fork"; readonly writer: number; readonly fork: number }
  | { readonly kind: WriteKind; readonly writer: number }
  /** These writers record at the same moment, their appends racing. */
  | { readonly kind: "race"; readonly writers: readonly number[] };

/** How many writers there are, and what they do in turn. */
export interface WriterSchedule {
  readonly writers: number;
  readonly steps: readonly WriterStep[];
}

/** Schedules of 2 to 8 writers and 1 to `maxSteps` steps. */
export function writerSchedules(maxSteps: number): fc.Arbitrary<WriterSchedule> {
  const writer = fc.nat({ max: 7 });
  const step: fc.Arbitrary<WriterStep> = fc.oneof(
    fc.record({
      kind: fc.constantFrom("turn", "record", "rollback", "compact", "resume"),
      writer,
    }),
    fc.record({ kind: fc.constant("fork"), writer, fork: fc.nat({ max: 2 }) }),
    fc.record({
      kind: fc.constant("race"),
      writers: fc.uniqueArray(writer, { minLength: 2, maxLength: 8 }),
    }),
  );
  return fc.record({
    writers: fc.integer({ min: 2, max: 8 }),
    steps: fc.array(step, { minLength: 1, maxLength: maxSteps }),
  });
}
