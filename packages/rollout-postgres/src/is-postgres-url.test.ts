import { describe, expect, it } from "vitest";
import { isPostgresUrl } from "./is-postgres-url.js";

describe("isPostgresUrl", () => {
  it.each([
    "postgres://127.0.0.1/postgres",
    "postgresql://user:secret@db.example:5433/app?sslmode=require",
    "POSTGRES://localhost",
    "postgres://a.example,b.example:5433/app",
    "postgres://user%40corp:p%2Fss@127.0.0.1/x",
  ])("takes %s", (url) => {
    expect(isPostgresUrl(url)).toBe(true);
  });

  it.each([
    "x",
    "127.0.0.1:5432",
    "mysql://127.0.0.1/x",
    "postgres:/127.0.0.1",
    "postgres://[::1/x",
    "postgres://host:port/x",
  ])("refuses %s", (url) => {
    expect(isPostgresUrl(url)).toBe(false);
  });
});
