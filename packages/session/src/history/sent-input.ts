import type { ResponseItem } from "@ctx/protocol";
import type { PromptView } from "./prompt-builder.js";

/**
 * The one array a session sends as its requests' input: while each request's view extends the
 * previous one's, the new items are appended to the array the previous request carried, so a
 * request costs its new items and no copy of the history; a view that does not extend it (a
 * compaction, a rollback, a stand-in that changed), or an array whose length its holder changed,
 * starts a new array, made in one copy, and the old one is left as it was. A request hands this
 * array to a mapping through `sharedInputRequest` and gives its reader a copy of its own. The
 * session's own storage is elsewhere: nothing a holder does to a request reaches its history.
 */
export class SentInput {
  #items: ResponseItem[] | undefined;
  /** The length `#items` had when it was handed out. */
  #length = 0;
  /** The view `#items` holds the items of. */
  #view: PromptView | undefined;

  /** The items of a request for `view`: the array handed out before, when it can go on. */
  of(view: PromptView): readonly ResponseItem[] {
    let items = this.#items;
    const previous = this.#view;
    if (
      items !== undefined &&
      previous !== undefined &&
      items.length === this.#length &&
      view.extends(previous) === true
    ) {
      for (let index = items.length; index < view.length; index += 1) {
        items.push(view.itemAt(index) as ResponseItem);
      }
    } else {
      items = view.items.slice();
      this.#items = items;
    }
    this.#length = items.length;
    this.#view = view;
    return items;
  }
}
