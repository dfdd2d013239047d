import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const notice =
  "The user has to confirm who they are in the app before this can go on; wait for that.";

/** The user must verify themselves in the client app before the work can go on (developer role). */
export const userVerificationNotice = defineFragment<void>({
  type: "user_verification_notice",
  role: "developer",
  markers: standardMarkers.userVerificationNotice,
  description: "The user must verify themselves in the app before the work goes on.",
  schema: lazySchema(() => z.undefined()),
  examples: [undefined],
  body: () => `\n${notice}\n`,
});
