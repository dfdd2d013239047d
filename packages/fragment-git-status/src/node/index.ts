export { type ReadGitStatusOptions, readGitStatus } from "./read-git-status.js";
