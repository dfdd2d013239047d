import { lazySchema } from "@ctx/protocol/internal";
import type { Sql } from "postgres";
import { z } from "zod";

/** A `postgres` client: the tagged-template function with its `begin` method. */
export const postgresClientSchema = lazySchema(() =>
  z.custom<Sql>(
    (value) =>
      typeof value === "function" && typeof (value as { begin?: unknown }).begin === "function",
    "expected a postgres client (the function `postgres(url)` returns)",
  ),
);
