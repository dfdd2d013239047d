import { isSummaryText, parseSummaryText } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { truncateMiddle } from "@ctx/text";
import type { HistoryEntry } from "../history/origin.js";
import { parseCallArguments } from "./parse-call-arguments.js";
import { messageText } from "./user-text.js";

/** How many of the newest requests, files and commands the fallback summary lists. */
const listLimit = 20;
/** The most tokens (bytes/4) one listed text or the last assistant message keeps. */
const textTokens = 400;

/**
 * The summary the session writes itself when the summarizer gives none: the user's requests,
 * the files and commands seen in tool calls (the newest of each), the summary of an earlier
 * compaction, and the model's last message. Each part is bounded, so the result is small
 * whatever the history's size.
 */
export function buildFallbackSummary(entries: readonly HistoryEntry[]): string {
  const requests: string[] = [];
  const files = new Set<string>();
  const commands: string[] = [];
  let earlier: string | undefined;
  let lastAssistant: string | undefined;
  for (const { item, origin } of entries) {
    if (item.type === "message") {
      const text = messageText(item);
      if (item.role === "assistant" && text !== "") lastAssistant = text;
      else if (item.role === "user" && isSummaryText(text)) earlier = parseSummaryText(text);
      else if (item.role === "user" && origin.source === "user" && text !== "") requests.push(text);
    } else if (item.type === "function_call" || item.type === "custom_tool_call") {
      collectToolCall(item, files, commands);
    }
  }
  const sections = [
    "The summarizer gave no summary, so the session wrote this one from the history itself.",
    list("What the user asked for, oldest first", requests),
    list("Files named in tool calls", [...files]),
    list("Commands run through tools", commands),
    earlier === undefined ? "" : `Summary of an earlier part:\n${short(earlier)}`,
    lastAssistant === undefined ? "" : `The model's last message:\n${short(lastAssistant)}`,
  ];
  return sections.filter((section) => section !== "").join("\n\n");
}

function list(heading: string, values: readonly string[]): string {
  if (values.length === 0) return "";
  const newest = values.slice(-listLimit);
  const left = values.length - newest.length;
  const lines = newest.map((value) => `- ${short(value).replaceAll("\n", "\n  ")}`);
  return [`${heading}:`, ...(left > 0 ? [`- (${left} older left out)`] : []), ...lines].join("\n");
}

function short(text: string): string {
  return truncateMiddle(text, textTokens).text;
}

/** The paths a patch names on its file lines. */
const patchFile = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;
const pathKeys = ["path", "file", "file_path", "filePath", "filename"];
const commandKeys = ["command", "cmd"];

function collectToolCall(
  item: Extract<ResponseItem, { type: "function_call" | "custom_tool_call" }>,
  files: Set<string>,
  commands: string[],
): void {
  const text = item.type === "function_call" ? item.arguments : item.input;
  const parsed = parseCallArguments(text) ?? {};
  for (const value of [text, ...Object.values(parsed)]) {
    if (typeof value !== "string") continue;
    for (const match of value.matchAll(patchFile)) if (match[1] !== undefined) files.add(match[1]);
  }
  for (const key of pathKeys) {
    const value = parsed[key];
    if (typeof value === "string" && value !== "") files.add(value);
  }
  for (const key of commandKeys) {
    const value = parsed[key];
    if (typeof value === "string" && value !== "") commands.push(value);
    if (Array.isArray(value) && value.every((part) => typeof part === "string")) {
      commands.push(value.join(" "));
    }
  }
}
