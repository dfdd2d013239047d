import { z } from "zod";
import { compactionStateLimits, compactionStateSchema } from "./catalogue/compaction-state.js";

/** A JSON Schema node, as this module builds and reads one. */
type JsonSchemaNode = Record<string, unknown>;

/** Keywords a provider's strict structured output may refuse, and which our own check enforces. */
const droppedKeywords = new Set(["$schema", "minLength", "maxLength"]);

let built: JsonSchemaNode | undefined;

/**
 * The JSON Schema of the structured answer a summarizer asks its model for: `{ summary, state }`,
 * `summary` the prose summary and `state` a `CompactionState`, in the form the providers' strict
 * structured outputs take (OpenAI's `json_schema` with `strict: true`, a Claude tool's
 * `input_schema`, the AI SDK's `jsonSchema`): every object closed, every property required, the
 * optional `task` given as `null` when there is none. It is made from `compactionStateSchema`
 * (its descriptions included), with the text lengths left to the schema's own check, which
 * {@link readCompactionAnswer} runs on the answer. A new object on each call.
 */
export function compactionAnswerJsonSchema(): JsonSchemaNode {
  built ??= {
    type: "object",
    additionalProperties: false,
    required: ["summary", "state"],
    properties: {
      summary: {
        type: "string",
        description:
          "The summary of the conversation so far, written as the last user message asks.",
      },
      state: {
        ...strictNode(z.toJSONSchema(compactionStateSchema, { io: "input" })),
        description: `What the session must not forget, as data. Each text is at most ${compactionStateLimits.textLength} characters, each path or id at most ${compactionStateLimits.nameLength}.`,
      },
    },
  };
  return JSON.parse(JSON.stringify(built)) as JsonSchemaNode;
}

/** `node` as strict structured output takes it: see {@link compactionAnswerJsonSchema}. */
function strictNode(node: JsonSchemaNode): JsonSchemaNode {
  const strict: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (droppedKeywords.has(key)) continue;
    if (key === "const") strict.enum = [value];
    else if (key === "properties" && isNode(value)) strict.properties = strictProperties(node);
    else if (key === "items" && isNode(value)) strict.items = strictNode(value);
    else strict[key] = value;
  }
  // A literal number (the version) is an integer to a provider that tells them apart.
  if ("const" in node && Number.isInteger(node.const)) strict.type = "integer";
  if (isNode(node.properties)) strict.required = Object.keys(node.properties);
  return strict;
}

/** The properties of an object `node`, each strict; one it does not require may be `null`. */
function strictProperties(node: JsonSchemaNode): JsonSchemaNode {
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties = isNode(node.properties) ? node.properties : {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => {
      const child = strictNode(isNode(value) ? value : {});
      const nullable = required.has(name) ? child : { ...child, type: [child.type, "null"] };
      return [name, nullable];
    }),
  );
}

function isNode(value: unknown): value is JsonSchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
