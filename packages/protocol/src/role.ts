import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/** Who a message speaks as. Injected context is `developer` or `user`; model output is `assistant`. */
export type Role = "developer" | "user" | "assistant" | "system";

/** The schema of a {@link Role}. */
export const roleSchema: z.ZodType<Role> = lazySchema(() =>
  z.enum(["developer", "user", "assistant", "system"]),
);
