import type { ResponseItem } from "@ctx/protocol";

/** The text a test reads of an item: a message's texts, an output's, or the item's JSON. */
export function itemText(item: ResponseItem | undefined): string {
  if (item === undefined) return "";
  if (item.type === "message") {
    return item.content.map((content) => ("text" in content ? content.text : "")).join("");
  }
  if (item.type === "function_call_output") {
    return typeof item.output === "string" ? item.output : JSON.stringify(item.output);
  }
  return JSON.stringify(item);
}
