import fc from "fast-check";

/**
 * Whatever JSON a provider could send, leaning to objects shaped like its answers: a JSON value,
 * one of `templates` (well-formed parts of answers) with a field or two of `keys` bent to another
 * hostile value, a template as it is, or an array of hostile values.
 */
export function hostileJson(
  templates: readonly object[],
  keys: readonly string[],
): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 4, depthSize: "small" },
      fc.jsonValue({ maxDepth: 1, stringUnit: "binary" }),
      fc
        .tuple(
          fc.constantFrom(...templates),
          fc.dictionary(fc.constantFrom(...keys), tie("value"), { maxKeys: 2 }),
        )
        .map(([template, fields]) => ({ ...template, ...fields })),
      fc.constantFrom(...templates),
      fc.array(tie("value"), { maxLength: 4 }),
    ),
  }));
  return value;
}

/**
 * Any stream of events: `hostile` events alone (up to `maxLength`), or the `wellFormed` stream
 * with events left out and up to two hostile ones put in.
 */
export function hostileStreams(
  wellFormed: readonly object[],
  hostile: fc.Arbitrary<unknown>,
  maxLength: number,
): fc.Arbitrary<unknown[]> {
  return fc.oneof(
    fc.array(hostile, { maxLength }),
    fc
      .tuple(fc.subarray([...wellFormed]), fc.array(fc.tuple(fc.nat(), hostile), { maxLength: 2 }))
      .map(([events, inserted]) => {
        const result: unknown[] = [...events];
        for (const [at, event] of inserted) result.splice(at % (result.length + 1), 0, event);
        return result;
      }),
  );
}

/** The events as the async iterable a streamed answer mapping reads, typed as the SDK's. */
export async function* streamOf<Event>(events: readonly unknown[]): AsyncGenerator<Event> {
  for (const event of events) yield event as Event;
}
