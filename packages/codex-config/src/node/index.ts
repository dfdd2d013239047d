export { createNodeFileSystem, type NodeFileSystemOptions } from "@ctx/agents-md/node";
export { type CodexHome, codexHome } from "./codex-home.js";
