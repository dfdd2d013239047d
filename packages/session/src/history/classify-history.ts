import { type ResponseItem, responseItemSchema } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { Registry } from "@ctx/registry";
import { z } from "zod";
import { registrySchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { defaultOrigin, type Origin } from "./origin.js";

const itemsSchema = lazySchema(() => z.array(responseItemSchema));

/**
 * The origin of each item of a history that carries none (an old rollout, another agent's
 * transcript), read from markers: a user message with a text a user-role kind recognises is
 * injected context, any other user message is the user's; developer and system messages are
 * context; tool outputs are the tool's; everything else is the model's. A session's own history
 * never needs this: it records provenance.
 *
 * @throws {SessionError} naming `items` or `registry` when it is not what its type says.
 * @example
 * ```ts
 * classifyHistory([{ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }], registry);
 * // [{ source: "user" }]
 * ```
 */
export function classifyHistory(items: readonly ResponseItem[], registry: Registry): Origin[] {
  const checked = checkSchema("items", items, itemsSchema);
  checkSchema("registry", registry, registrySchema);
  return checked.map((item) => classifyItem(item, registry));
}

function classifyItem(item: ResponseItem, registry: Registry): Origin {
  if (item.type !== "message") return defaultOrigin(item);
  if (item.role === "assistant") return { source: "model" };
  const kinds = item.content.flatMap((content) =>
    content.type === "input_text" ? (registry.classify(item.role, content.text)?.type ?? []) : [],
  );
  if (item.role === "user") {
    return registry.isContextualUserMessage(item)
      ? { source: "context", kinds }
      : { source: "user" };
  }
  return { source: "context", kinds };
}
