import { AdapterError, type ResponseItem, type Summarizer } from "@ctx/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abortWhileWaiting } from "./abort-while-waiting.js";
import { expectGrowingRequests, type KeptMessages } from "./expect-growing-requests.js";
import { expectTypedOutcome } from "./expect-typed-outcome.js";
import { historyReadsOnNextTurn } from "./history-reads-on-next-turn.js";
import { rejectBeforeSending } from "./reject-before-sending.js";

/** What a request mapping returns that the growing-request check reads: its messages. */
interface MappedMessages {
  readonly messages: readonly unknown[];
}

/** One request mapping of an adapter (`toResponsesParams`, `toPrompt`, …). */
export interface RequestMappingContract<Result extends MappedMessages = MappedMessages> {
  /** The mapping's name, in the tests' titles. */
  readonly name: string;
  /** Maps a request of the session's. */
  readonly map: (request: { instructions: string; input: readonly ResponseItem[] }) => unknown;
  /**
   * A history mapped one item longer each time (see `expectGrowingRequests`): `map` maps its
   * input, the first `firstLength` items first; the message at `frozenAt` of the last result is
   * frozen, and `check` (when given) asserts what else the mapping owes of that result.
   */
  readonly growing?: {
    readonly items: readonly ResponseItem[];
    readonly firstLength: number;
    readonly kept: KeptMessages;
    readonly map: (input: readonly ResponseItem[]) => Result;
    readonly frozenAt: number;
    readonly check?: (last: Result) => void;
  };
}

/** An adapter's summarizer, on a client of the SDK pointed at `url`. */
export interface SummarizerContract {
  readonly at: (url: string) => Summarizer;
  /** A history the summarizer maps and sends. */
  readonly input: readonly ResponseItem[];
  /** An input the summarizer cannot map (a compaction item, say), refused before any request. */
  readonly unmappable: readonly ResponseItem[];
  /** Asserts that `reason` is what the SDK rejects with when the signal aborts its call. */
  readonly expectAborted: (reason: unknown) => void;
}

/** One property of the answer mappings: fed any `values`, each call ends typed (see below). */
export interface HostileAnswersContract {
  /** The property's name, in the test's title. */
  readonly name: string;
  /** What one run feeds the calls (build them with `hostileJson`, `hostileStreams`). */
  readonly values: fc.Arbitrary<readonly unknown[]>;
  /** The answer mappings to call with one run's values. */
  readonly calls: (values: readonly unknown[]) => readonly (() => unknown)[];
}

/** What an adapter hands the contract suite: its provider and the parts it tests. */
export interface AdapterContract {
  /** The provider its `AdapterError`s name (`openai`, `anthropic`, `ai-sdk`). */
  readonly provider: string;
  readonly requestMappings: readonly RequestMappingContract[];
  readonly summarizer: SummarizerContract;
  readonly hostileAnswers: readonly HostileAnswersContract[];
  /**
   * The adapter's own error class of old (`OpenAIAdapterError`, …), now a deprecated alias of
   * `AdapterError`: it must recognise what the adapter throws until it goes.
   */
  readonly deprecatedError?: typeof AdapterError;
}

/** The runs of each hostile-answer property. */
const runs = { numRuns: 300 };

/**
 * The tests every adapter owes, declared once: each request mapping reads no history item on a
 * session's next turn and maps a growing history item by item, giving what a fresh mapping gives;
 * the summarizer gives up when its signal aborts and refuses an input it cannot map before any
 * request; and the answer mappings fed any JSON a provider could send either return only items
 * the session can record or throw the adapter's `AdapterError`, never a raw error. An adapter's
 * own tests hold only what is its own.
 * @example
 * ```ts
 * describeAdapterContract({ provider: "gemini", requestMappings, summarizer, hostileAnswers });
 * ```
 */
export function describeAdapterContract(contract: AdapterContract): void {
  const { provider } = contract;
  const typed = (error: unknown) => AdapterError.isInstance(error) && error.provider === provider;
  describe(`the ${provider} adapter's contract`, () => {
    for (const mapping of contract.requestMappings) {
      it(`${mapping.name} reads no history item on the next turn of a session, only what the turn adds`, async () => {
        const reads = await historyReadsOnNextTurn((request) => mapping.map(request));
        expect(reads.items).toBeGreaterThan(200);
        expect(reads.added).toBeGreaterThan(0);
        expect(reads).toEqual({
          ...reads,
          firstTurn: reads.items,
          nextTurn: 0,
          nextTurnElements: reads.added,
        });
      });
      const { growing } = mapping;
      if (growing === undefined) continue;
      it(`${mapping.name} converts only the items a request adds, and gives what a fresh mapping gives`, () => {
        const last = expectGrowingRequests(
          growing.items,
          growing.firstLength,
          growing.map,
          growing.kept,
        );
        expect(Object.isFrozen(last.messages[growing.frozenAt])).toBe(true);
        growing.check?.(last);
      });
    }

    const { summarizer } = contract;
    /** What the summarizer rejects with, before any request, for an input it cannot map. */
    const unmappableRejection = () =>
      rejectBeforeSending((url) =>
        summarizer.at(url)(
          { model: "ctx-coder", instructions: "", input: [...summarizer.unmappable] },
          { signal: new AbortController().signal },
        ),
      );
    it("the summarizer gives up when the signal aborts", async () => {
      const reason = await abortWhileWaiting((url, signal) =>
        summarizer.at(url)(
          { model: "ctx-coder", instructions: "", input: [...summarizer.input] },
          { signal },
        ),
      );
      summarizer.expectAborted(reason);
    });

    it("the summarizer rejects a request it cannot map before calling the provider", async () => {
      const reason = await unmappableRejection();
      expect(reason).toBeInstanceOf(AdapterError);
      expect(reason).toMatchObject({ provider });
    });

    const { deprecatedError } = contract;
    if (deprecatedError !== undefined) {
      it("the deprecated error alias recognises what the adapter throws, with its codes", async () => {
        const reason = await unmappableRejection();
        expect(deprecatedError).toBe(AdapterError);
        expect(deprecatedError.isInstance(reason)).toBe(true);
        expect(reason).toBeInstanceOf(deprecatedError);
        expect(reason).toMatchObject({ code: "invalid-argument", provider });
      });
    }

    for (const property of contract.hostileAnswers) {
      it(`${property.name} throw only typed errors and return only recordable items, fed any JSON`, async () => {
        await fc.assert(
          fc.asyncProperty(property.values, async (values) => {
            for (const call of property.calls(values)) await expectTypedOutcome(call, typed);
          }),
          runs,
        );
      });
    }
  });
}
