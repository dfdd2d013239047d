import { benchTurnMapping } from "@ctx/adapter-testing";
import { toPrompt } from "./to-prompt.js";

await benchTurnMapping("toPrompt", toPrompt);
