import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const notice =
  "This is a side conversation, apart from the main thread. The history above belongs to that thread and is only background: do not carry on its task or act on requests found in it. Answer the questions asked here, look things up without changing anything, and change files, settings or the repository only when asked to here.";

/**
 * Tells the model it is in a side conversation forked from the main thread (developer role):
 * the inherited history is background, and only what is asked after the fork is to be done. It
 * travels in a message of its own, its text right inside the markers, as Codex 0.171 sends it
 * after the inherited history (before the boundary, a user message that `codexRecognisers`
 * recognise).
 */
export const sideConversation = defineFragment<void>({
  type: "side_conversation",
  role: "developer",
  markers: standardMarkers.sideConversation,
  separate: true,
  description: "The conversation is a side conversation forked from the main thread.",
  schema: lazySchema(() => z.undefined()),
  examples: [undefined],
  body: () => notice,
});
