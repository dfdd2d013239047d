import { approximateTokenizer, type TurnContext } from "@ctx/session";

/** The turn every worker of the fleet scenarios takes, and the options it opens sessions with. */
export const fleetTurn: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

/** Session options of the fleet scenarios: the approximate tokenizer, so none is loaded. */
export const fleetOptions = { tokenizer: approximateTokenizer };
