import { describePeerRange } from "@ctx/adapter-testing";
import sdkManifest from "ai/package.json" with { type: "json" };
import manifest from "../package.json" with { type: "json" };

describePeerRange(manifest, "ai", "ai-oldest", sdkManifest.version);
