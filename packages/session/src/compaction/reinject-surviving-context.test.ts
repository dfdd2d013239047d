import { defineFragment } from "@ctx/fragments";
import { createStandardRegistry, skill, turnAborted } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { createFakeSummarizer } from "../__fixtures__/fake-summarizer.js";
import { assistant } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { createContextMessage } from "../envelope/context-message.js";
import type { HistoryEntry } from "../history/origin.js";
import { SessionError } from "../session-error.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { reinjectSurvivingContext } from "./reinject-surviving-context.js";

const playbook = defineFragment({
  type: "playbook",
  role: "user",
  markers: { start: "<playbook>", end: "</playbook>" },
  survivesCompaction: true,
  body: (text: string) => `\n${text}\n`,
});
const reminder = defineFragment({
  type: "reminder",
  role: "user",
  markers: { start: "<reminder>", end: "</reminder>" },
  body: (text: string) => `\n${text}\n`,
});
const registry = createStandardRegistry([playbook, reminder]);

const recorded = (fragment: Parameters<typeof createContextMessage>[1][number]): HistoryEntry => {
  const { message, kinds } = createContextMessage("user", [fragment]);
  return { item: message, origin: { source: "context", kinds } };
};
const user = (text: string): HistoryEntry => ({
  item: userTextMessage(text),
  origin: { source: "user" },
});
const release = recorded(
  skill.create({ name: "release", path: "/s/release/SKILL.md", contents: "Tag, then publish." }),
);
const review = recorded(
  skill.create({ name: "review", path: "/s/review/SKILL.md", contents: "Read the diff." }),
);
const summary: HistoryEntry = { item: assistant("summary"), origin: { source: "model" } };
const options = { registry, tokenizer: approximateTokenizer, budget: 10_000 };

describe("reinjectSurvivingContext", () => {
  it("puts back what declares it survives, after the compacted history, in recorded order", () => {
    const before = [
      user("one"),
      release,
      recorded(reminder.create("Say hello.")),
      recorded(turnAborted.create(undefined)),
      recorded(playbook.create("Ship on Fridays.")),
      user("two"),
    ];
    const { entries, warnings } = reinjectSurvivingContext(before, [user("one"), summary], options);
    expect(
      entries.map(({ origin }) => (origin.source === "context" ? origin.kinds : origin.source)),
    ).toEqual(["user", "model", ["skill"], ["playbook"]]);
    expect(warnings).toEqual([]);
  });

  it("keeps a text recorded twice once, and none the compacted history holds already", () => {
    const { entries } = reinjectSurvivingContext([release, review, release], [summary], options);
    expect(entries).toEqual([summary, review, release]);
    expect(reinjectSurvivingContext([release, review], [review], options).entries).toEqual([
      review,
      release,
    ]);
  });

  it("keeps the newest within the budget and names each piece it leaves out", () => {
    const text = release.item.type === "message" ? release.item.content[0] : undefined;
    const tokens = approximateTokenizer.count(
      text !== undefined && "text" in text ? text.text : "",
    );
    const { entries, warnings } = reinjectSurvivingContext([release, review], [summary], {
      ...options,
      budget: tokens,
    });
    expect(entries).toEqual([summary, review]);
    expect(warnings).toEqual([
      {
        code: "compaction-dropped-injected-context",
        kinds: ["skill"],
        tokens,
        message: expect.stringMatching(
          /^injected context of kind skill \("<skill>", \d+ tokens\) was left out/,
        ),
      },
    ]);
  });
});

describe("the injectedContextTokens option", () => {
  it("puts nothing back at 0, with a warning for each piece", async () => {
    const session = createSession({
      registry,
      tokenizer: approximateTokenizer,
      summarizer: createFakeSummarizer().summarize,
      compaction: { injectedContextTokens: 0 },
    });
    await session.beginTurn(
      { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
      "one",
    );
    await session.record([release.item], release.origin);
    const report = await session.compact();
    expect(report?.warnings.map(({ code }) => code)).toEqual([
      "compaction-dropped-injected-context",
    ]);
    expect(session.history().some(({ origin }) => origin.source === "context")).toBe(false);
  });

  it("refuses a count that is not a whole number of tokens", () => {
    for (const injectedContextTokens of [-1, 1.5, "10"]) {
      expect(() =>
        // @ts-expect-error: a number
        createSession({ compaction: { injectedContextTokens } }),
      ).toThrowError(SessionError);
    }
    expect(() => createSession({ compaction: { injectedContextTokens: -1 } })).toThrowError(
      /^invalid options: compaction\.injectedContextTokens: /,
    );
  });
});
