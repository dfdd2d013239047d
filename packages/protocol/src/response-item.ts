import { describeValue } from "@ctx/text";
import { z } from "zod";
import { argumentError } from "./argument-error.js";
import {
  type ContentItem,
  contentItemSchema,
  type InputImageContent,
  type InputTextContent,
  inputImageContentSchema,
  inputTextContentSchema,
} from "./content-item.js";
import { lazySchema } from "./lazy-schema.js";
import { type Role, roleSchema } from "./role.js";

/** A message: the item every piece of injected context becomes. */
export interface MessageItem {
  type: "message";
  role: Role;
  content: ContentItem[];
  id?: string;
}

/** What a tool returned: plain text, or text and images. */
export type ToolOutput = string | (InputTextContent | InputImageContent)[];

/** The model calling a function tool; `arguments` is the JSON text the model wrote. */
export interface FunctionCallItem {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
}

/** A function tool's result, paired with its call by `call_id`. */
export interface FunctionCallOutputItem {
  type: "function_call_output";
  call_id: string;
  output: ToolOutput;
}

/** The model calling a free-form (custom) tool with raw `input` text. */
export interface CustomToolCallItem {
  type: "custom_tool_call";
  call_id: string;
  name: string;
  input: string;
  id?: string;
}

/** A custom tool's result, paired with its call by `call_id`. */
export interface CustomToolCallOutputItem {
  type: "custom_tool_call_output";
  call_id: string;
  output: ToolOutput;
}

/** The model's reasoning: readable summaries, and optionally its encrypted full form. */
export interface ReasoningItem {
  type: "reasoning";
  summary: { type: "summary_text"; text: string }[];
  content?: { type: "reasoning_text"; text: string }[] | null;
  encrypted_content?: string | null;
  id?: string;
}

/** An opaque, encrypted stand-in for history a provider compacted on its side. */
export interface CompactionItem {
  type: "compaction";
  encrypted_content: string;
  id?: string;
}

/**
 * One input item of a model request, shaped like an OpenAI Responses API input item so it goes
 * on the wire unchanged.
 */
export type ResponseItem =
  | MessageItem
  | FunctionCallItem
  | FunctionCallOutputItem
  | CustomToolCallItem
  | CustomToolCallOutputItem
  | ReasoningItem
  | CompactionItem;

/** The `type` of a {@link ResponseItem}. */
export type ResponseItemType = ResponseItem["type"];

const toolOutputSchema = lazySchema(() =>
  z.union([
    z.string(),
    z.array(z.discriminatedUnion("type", [inputTextContentSchema, inputImageContentSchema])),
  ]),
) satisfies z.ZodType<ToolOutput>;

/** The schema of a {@link MessageItem}. */
export const messageItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("message"),
    role: roleSchema,
    content: z.array(contentItemSchema),
    id: z.string().exactOptional(),
  }),
) satisfies z.ZodType<MessageItem>;

const functionCallItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("function_call"),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string(),
    id: z.string().exactOptional(),
  }),
) satisfies z.ZodType<FunctionCallItem>;

const functionCallOutputItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("function_call_output"),
    call_id: z.string(),
    output: toolOutputSchema,
  }),
) satisfies z.ZodType<FunctionCallOutputItem>;

const customToolCallItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("custom_tool_call"),
    call_id: z.string(),
    name: z.string(),
    input: z.string(),
    id: z.string().exactOptional(),
  }),
) satisfies z.ZodType<CustomToolCallItem>;

const customToolCallOutputItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("custom_tool_call_output"),
    call_id: z.string(),
    output: toolOutputSchema,
  }),
) satisfies z.ZodType<CustomToolCallOutputItem>;

const reasoningItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("reasoning"),
    summary: z.array(z.looseObject({ type: z.literal("summary_text"), text: z.string() })),
    content: z
      .array(z.looseObject({ type: z.literal("reasoning_text"), text: z.string() }))
      .nullable()
      .exactOptional(),
    encrypted_content: z.string().nullable().exactOptional(),
    id: z.string().exactOptional(),
  }),
) satisfies z.ZodType<ReasoningItem>;

const compactionItemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("compaction"),
    encrypted_content: z.string(),
    id: z.string().exactOptional(),
  }),
) satisfies z.ZodType<CompactionItem>;

/**
 * The schema of a {@link ResponseItem}. Fields it does not know are kept as they are, so items
 * written by newer clients pass through unchanged; known fields are checked.
 */
export const responseItemSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    messageItemSchema,
    functionCallItemSchema,
    functionCallOutputItemSchema,
    customToolCallItemSchema,
    customToolCallOutputItemSchema,
    reasoningItemSchema,
    compactionItemSchema,
  ]),
) satisfies z.ZodType<ResponseItem>;

/**
 * Whether `item` is a message, optionally of the given role.
 * @throws {ProtocolError} when `item` is not an object or `role` is not a role.
 */
export function isMessageItem(item: ResponseItem, role?: Role): item is MessageItem {
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    throw argumentError("item", `expected a response item, got ${describeValue(item)}`);
  }
  if (role !== undefined && !roleSchema.safeParse(role).success) {
    throw argumentError("role", `expected a role, got ${describeValue(role)}`);
  }
  return item.type === "message" && (role === undefined || item.role === role);
}
