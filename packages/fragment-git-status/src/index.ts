export { type GitStatus, gitStatus, gitStatusSection } from "./git-status.js";
export {
  GitStatusError,
  type GitStatusErrorCode,
  type GitStatusErrorDetails,
} from "./git-status-error.js";
