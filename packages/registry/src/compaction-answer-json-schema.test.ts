import { describe, expect, it } from "vitest";
import { compactionStateSchema } from "./catalogue/compaction-state.js";
import { compactionAnswerJsonSchema } from "./compaction-answer-json-schema.js";

type Node = Record<string, unknown>;

/** Every object node of `node`, itself included, depth first. */
function objectNodes(node: Node): Node[] {
  const children = [
    ...Object.values((node.properties as Record<string, Node> | undefined) ?? {}),
    ...(node.items === undefined ? [] : [node.items as Node]),
  ];
  return [...(node.type === "object" ? [node] : []), ...children.flatMap(objectNodes)];
}

describe("compactionAnswerJsonSchema", () => {
  const schema = compactionAnswerJsonSchema();
  const state = (schema.properties as Record<string, Node>).state as Node;

  it("asks for a summary and a state with every field of the state's schema", () => {
    expect(schema.required).toEqual(["summary", "state"]);
    expect(Object.keys(state.properties as Node)).toEqual(Object.keys(compactionStateSchema.shape));
  });

  it("takes the form strict structured output needs: closed objects, every property required", () => {
    const nodes = objectNodes(schema);
    expect(nodes.length).toBe(6);
    for (const node of nodes) {
      expect(node.additionalProperties).toBe(false);
      expect(node.required).toEqual(Object.keys(node.properties as Node));
    }
    expect(JSON.stringify(schema)).not.toMatch(/"(minLength|maxLength|const|\$schema)"/);
  });

  it("gives the optional task as a text or null, and the version as the integer 1", () => {
    const properties = state.properties as Record<string, Node>;
    expect(properties.task?.type).toEqual(["string", "null"]);
    expect(properties.version).toMatchObject({ type: "integer", enum: [1] });
    expect(properties.todos?.maxItems).toBe(50);
  });

  it("keeps the state schema's descriptions for the model", () => {
    const properties = state.properties as Record<string, Node>;
    expect(properties.constraints?.description).toMatch(/rule the user gave/);
  });

  it("is a new object on each call", () => {
    const first = compactionAnswerJsonSchema();
    first.required = [];
    expect(compactionAnswerJsonSchema().required).toEqual(["summary", "state"]);
  });
});
