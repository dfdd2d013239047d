import type { ResponseItem } from "@ctx/protocol";

const isIndex = (key: string | symbol): boolean =>
  typeof key === "string" && /^(?:0|[1-9][0-9]*)$/.test(key);

/**
 * A read-only array of `length` items served by `itemAt`, made in constant time however long it
 * is: a request's input shares the history's storage instead of copying it, and stays as it was
 * when later items are appended there. It behaves as an array (indexing, `length`, iteration,
 * `slice`, `map`, `JSON.stringify`); writes throw.
 */
export function createItemsView(
  length: number,
  itemAt: (index: number) => ResponseItem | undefined,
): readonly ResponseItem[] {
  // An empty target: setting its length would make the engine reserve that many slots.
  const target: ResponseItem[] = [];
  const read = (key: string | symbol) => {
    const index = Number(key);
    return index < length ? itemAt(index) : undefined;
  };
  return new Proxy(target, {
    get: (object, key, receiver) =>
      isIndex(key) ? read(key) : key === "length" ? length : Reflect.get(object, key, receiver),
    has: (object, key) => (isIndex(key) ? Number(key) < length : Reflect.has(object, key)),
    ownKeys: (object) => [
      ...Array.from({ length }, (_, index) => String(index)),
      ...Reflect.ownKeys(object),
    ],
    getOwnPropertyDescriptor: (object, key) =>
      isIndex(key)
        ? Number(key) < length
          ? { value: read(key), writable: false, enumerable: true, configurable: true }
          : undefined
        : key === "length"
          ? { value: length, writable: true, enumerable: false, configurable: false }
          : Reflect.getOwnPropertyDescriptor(object, key),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
