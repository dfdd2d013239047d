/**
 * Replaces every `{{ name }}` in `text` (the exact spelling, with one space inside each brace
 * pair) by `value`, taken literally: `$&` or `{{ name }}` inside `value` are not expanded again.
 * Any other placeholder is left as it is.
 */
export function fillPlaceholder(text: string, name: string, value: string): string {
  return text.split(`{{ ${name} }}`).join(value);
}
