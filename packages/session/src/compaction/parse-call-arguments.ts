/**
 * The JSON object a tool call's arguments hold, or `undefined` when they are not JSON or not an
 * object: the model writes them, so the compaction reads them without trusting them.
 */
export function parseCallArguments(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value))
      : undefined;
  } catch {
    return undefined;
  }
}
