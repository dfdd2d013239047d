import { pinnedEnvironment } from "./ctx-turn-state.js";

/** Codex reads shell, date and time zone from the machine; put the pinned values in their place. */
export function pinMachineValues(text: string | undefined): string | undefined {
  return text
    ?.replace(/(\n {2}<shell>)[^<\n]*(<\/shell>\n)/, `$1${pinnedEnvironment.shell}$2`)
    .replace(
      /(\n {2}<current_date>)\d{4}-\d{2}-\d{2}(<\/current_date>\n)/,
      `$1${pinnedEnvironment.currentDate}$2`,
    )
    .replace(/(\n {2}<timezone>)[^<\n]+(<\/timezone>\n)/, `$1${pinnedEnvironment.timezone}$2`);
}
