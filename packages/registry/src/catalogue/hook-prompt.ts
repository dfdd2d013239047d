import { defineFragment, endsWithMarker } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import {
  escapeXml,
  escapeXmlText,
  startsWithAsciiCaseInsensitive,
  trimmedStart,
  unescapeXml,
} from "@ctx/text";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const { start, end } = standardMarkers.hookPrompt;

const hookPromptSchema = lazySchema(() =>
  z.object({
    /** The hook run that produced the prompt; an empty id is left out. */
    runId: z.string().optional(),
    text: z.string(),
  }),
);

/** An empty run id is not rendered, so the fragment leaves it out. */
function canonical(data: z.infer<typeof hookPromptSchema>): HookPromptData {
  const { runId, ...rest } = data;
  return runId === undefined || runId === "" ? rest : { runId, ...rest };
}

/** The data of a {@link hookPrompt} fragment. */
export type HookPromptData = z.infer<typeof hookPromptSchema>;

/** `<hook_prompt>` or `<hook_prompt hook_run_id="…">`, then the end tag. */
function matches(text: string): boolean {
  const after = trimmedStart(text) + start.length;
  const opens =
    text.charAt(after) === ">" || startsWithAsciiCaseInsensitive(text, after, ' hook_run_id="');
  return opens && endsWithMarker(text, end, after + 1);
}

/**
 * A prompt a hook injected on the user's behalf (user role):
 * `<hook_prompt hook_run_id="{id}">{text}</hook_prompt>`, XML-escaped. Unlike other contextual
 * fragments it is surfaced to the user as a hook prompt.
 */
export const hookPrompt = defineFragment({
  type: "hook_prompt",
  role: "user",
  markers: standardMarkers.hookPrompt,
  matches,
  schema: lazySchema(() => hookPromptSchema.transform(canonical)),
  description: "A prompt a hook injected on the user's behalf.",
  examples: [{ runId: "run-1", text: "Summarise the diff <first>." }, { text: "No id." }],
  body: ({ runId, text }) =>
    `${runId === undefined ? "" : ` hook_run_id="${escapeXml(runId)}"`}>${escapeXmlText(text)}`,
  parse: (body) => {
    const match = /^(?: hook_run_id="([^"]*)")?>([^<]*)$/.exec(body);
    if (match === null) return undefined;
    const [, runId, text = ""] = match;
    return {
      ...(runId === undefined ? {} : { runId: unescapeXml(runId) }),
      text: unescapeXml(text),
    };
  },
});
