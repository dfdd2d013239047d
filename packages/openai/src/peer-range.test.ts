import { describePeerRange } from "@ctx/adapter-testing";
import { VERSION } from "openai/version";
import manifest from "../package.json" with { type: "json" };

describePeerRange(manifest, "openai", "openai-oldest", VERSION);
