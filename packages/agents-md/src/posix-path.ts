import type { PathApi } from "./file-system.js";

/**
 * The segments of `path` once `.` and `..` are resolved: a `..` removes the segment before it,
 * and is kept only at the start of a relative path (`allowAboveRoot`); above the root it goes
 * nowhere.
 */
function normalizeSegments(path: string, allowAboveRoot: boolean): string[] {
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length > 0 && segments[segments.length - 1] !== "..") segments.pop();
      else if (allowAboveRoot) segments.push("..");
      continue;
    }
    segments.push(segment);
  }
  return segments;
}

function normalize(path: string): string {
  if (path === "") return ".";
  const absolute = path.startsWith("/");
  const trailing = path.endsWith("/");
  const joined = normalizeSegments(path, !absolute).join("/");
  if (joined === "") return absolute ? "/" : trailing ? "./" : ".";
  const withTrailing = trailing ? `${joined}/` : joined;
  return absolute ? `/${withTrailing}` : withTrailing;
}

/**
 * The absolute path `paths` name, read right to left until one is absolute. Without a working
 * directory to start from, a path that stays relative is taken from the root: `resolve("a")` is
 * `/a`.
 */
function resolve(...paths: string[]): string {
  let resolved = "";
  for (let index = paths.length - 1; index >= 0 && !resolved.startsWith("/"); index -= 1) {
    const path = paths[index] ?? "";
    if (path === "") continue;
    resolved = resolved === "" ? path : `${path}/${resolved}`;
  }
  return `/${normalizeSegments(resolved, false).join("/")}`;
}

function dirname(path: string): string {
  if (path === "") return ".";
  const rooted = path.startsWith("/");
  let end = -1;
  let matchedSeparator = true;
  for (let index = path.length - 1; index >= 1; index -= 1) {
    if (path[index] === "/") {
      if (!matchedSeparator) {
        end = index;
        break;
      }
    } else {
      matchedSeparator = false;
    }
  }
  if (end === -1) return rooted ? "/" : ".";
  if (rooted && end === 1) return "//";
  return path.slice(0, end);
}

function relative(from: string, to: string): string {
  if (from === to) return "";
  const fromSegments = normalizeSegments(resolve(from), false);
  const toSegments = normalizeSegments(resolve(to), false);
  let common = 0;
  while (
    common < fromSegments.length &&
    common < toSegments.length &&
    fromSegments[common] === toSegments[common]
  ) {
    common += 1;
  }
  const up = Array.from({ length: fromSegments.length - common }, () => "..");
  return [...up, ...toSegments.slice(common)].join("/");
}

/**
 * POSIX path rules without `node:path`, for file systems that run anywhere (the memory file
 * system): the same answers as `node:path/posix`, except that a path left relative by
 * `resolve` is taken from the root, since there is no working directory.
 */
export const posixPath: PathApi = Object.freeze({
  sep: "/",
  join: (...paths: string[]) => normalize(paths.filter((path) => path !== "").join("/")),
  dirname,
  isAbsolute: (path: string) => path.startsWith("/"),
  relative,
  resolve,
});
