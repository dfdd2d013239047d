import type { ResponseItem } from "@ctx/protocol";

/** What the sample items leave out: images by file id and by URL in a tool output. */
export const moreItems: ResponseItem[] = [
  { type: "message", role: "user", content: [{ type: "input_image", file_id: "file_1" }] },
  { type: "function_call", call_id: "c3", name: "shell", arguments: "{}" },
  {
    type: "function_call_output",
    call_id: "c3",
    output: [
      { type: "input_image", image_url: "https://example.com/b.png" },
      { type: "input_image", file_id: "file_2" },
    ],
  },
];
