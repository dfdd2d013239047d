import type { ModelInfo } from "@ctx/prompts";

/** What the requests after a turn's first one need of it. */
export interface CurrentTurn {
  readonly turnState: Readonly<Record<string, unknown>>;
  readonly model: ModelInfo;
  readonly baseInstructions: string;
  readonly imageInput: boolean;
}
