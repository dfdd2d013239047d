export {
  createNodeFileSystem,
  type NodeFileSystemOptions,
} from "./node-file-system.js";
export type { Awaitable, NodeFileSystemFunctions } from "./node-functions.js";
