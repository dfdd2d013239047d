export {
  createNodeFileSystem,
  type NodeFileSystemFunctions,
  type NodeFileSystemOptions,
} from "./node-file-system.js";
