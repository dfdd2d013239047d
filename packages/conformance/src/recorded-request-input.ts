import type { RecordedRequest } from "./mock-responses-server.js";

/** The input items of a request the mock recorded (none when its `input` is not a list). */
export function inputOf(request: RecordedRequest): unknown[] {
  const input = request.input;
  return Array.isArray(input) ? input : [];
}

/** The text of a recorded request's last item when it is a user message; `undefined` otherwise. */
export function lastUserText(request: RecordedRequest): string | undefined {
  const last: unknown = inputOf(request).at(-1);
  if (typeof last !== "object" || last === null || !("role" in last) || last.role !== "user")
    return undefined;
  const content =
    "content" in last && Array.isArray(last.content) ? (last.content as unknown[]) : [];
  const first: unknown = content[0];
  return typeof first === "object" && first !== null && "text" in first
    ? String(first.text)
    : undefined;
}
