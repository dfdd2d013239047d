import type { ModelInfo } from "@ctx/prompts";
import type { RequestSettings } from "./request-settings.js";

/** What the requests after a turn's first one need of it. */
export interface CurrentTurn {
  readonly turnState: Readonly<Record<string, unknown>>;
  readonly model: ModelInfo;
  /** The base instructions its requests carry. */
  readonly baseInstructions: string;
  /** The base instructions the caller set for it: a compaction puts them in the requests. */
  readonly configuredBase: string;
  readonly imageInput: boolean;
  /** The turn context's `request` slot, which the cache prediction compares. */
  readonly settings: RequestSettings | undefined;
}
