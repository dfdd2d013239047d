/**
 * Whether `url` is a connection URL the `postgres` client can open: `postgres://` or
 * `postgresql://`, and a URL once its host list is cut to its first host, as the client reads
 * it (`postgres://a,b:5433/db` names two hosts). The client gives anything else to `new URL`
 * when the pool opens, and throws Node's `TypeError` (`ERR_INVALID_URL`) from there.
 */
export function isPostgresUrl(url: string): boolean {
  const scheme = /^postgres(?:ql)?:\/\//i.exec(url);
  if (scheme === null) return false;
  const authority = url.slice(scheme[0].length).split(/[?/]/)[0] ?? "";
  const hosts = authority.slice(authority.indexOf("@") + 1);
  try {
    new URL(url.replace(hosts, decodeURIComponent(hosts).split(",")[0] ?? ""));
    return true;
  } catch {
    return false;
  }
}
