import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/**
 * The wrapper that carries a developer message's text inside a user turn, for Anthropic models
 * that take no system message mid-conversation: `<developer_context>\n{text}\n</developer_context>`.
 * Marker sequences inside the text are neutralised, so it cannot close the wrapper early; add the
 * kind to a registry to recognise the wrapper in a history.
 */
export const developerContext = defineFragment({
  type: "developer_context",
  role: "user",
  markers: { start: "<developer_context>", end: "</developer_context>" },
  schema: lazySchema(() => z.strictObject({ text: z.string() })),
  body: (data: { readonly text: string }, { untrusted }) => `\n${untrusted(data.text)}\n`,
  parse: (body, { restore }) =>
    body.length >= 2 && body.startsWith("\n") && body.endsWith("\n")
      ? { text: restore(body.slice(1, -1)) }
      : undefined,
});
