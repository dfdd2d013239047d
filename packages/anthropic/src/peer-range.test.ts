import { VERSION } from "@anthropic-ai/sdk/version";
import { describePeerRange } from "@ctx/adapter-testing";
import manifest from "../package.json" with { type: "json" };

describePeerRange(manifest, "@anthropic-ai/sdk", "anthropic-ai-sdk-oldest", VERSION);
