import type { ConfigSource } from "./config-source.js";

/** One value of the merged configuration (a string, number, boolean, date or array) and its source. */
export interface ConfigLeaf {
  readonly value: unknown;
  readonly source: ConfigSource;
}

/** One layer of the configuration: `value` laid at `path`, each value's source from its full path. */
export interface ConfigLayer {
  readonly path: readonly string[];
  readonly value: unknown;
  readonly sourceOf: (path: readonly string[]) => ConfigSource;
}

/** A table of the merged configuration, or a value at the end of a path. */
interface ConfigNode {
  leaf: ConfigLeaf | undefined;
  readonly children: Map<string, ConfigNode>;
}

/**
 * The configuration as its layers stack up, later over earlier, as Codex merges them: tables
 * merge key by key, and any other value (arrays included) replaces what was there, a table
 * too. Each value keeps the source of the layer that set it.
 */
export class ConfigLayers {
  readonly #root: ConfigNode = { leaf: undefined, children: new Map() };

  /** The layers laid in order, each over the ones before it. */
  static from(layers: readonly ConfigLayer[]): ConfigLayers {
    const merged = new ConfigLayers();
    for (const layer of layers) merged.set(layer.path, layer.value, layer.sourceOf);
    return merged;
  }

  /**
   * Lays `value` at `path` over what is there; `sourceOf` gives each value's source from its
   * full path.
   */
  set(
    path: readonly string[],
    value: unknown,
    sourceOf: (path: readonly string[]) => ConfigSource,
  ): void {
    let node = this.#root;
    for (const part of path) {
      node.leaf = undefined;
      let child = node.children.get(part);
      if (child === undefined) {
        child = { leaf: undefined, children: new Map() };
        node.children.set(part, child);
      }
      node = child;
    }
    this.#lay(node, path, value, sourceOf);
  }

  /** The value at `path` with its source, when a layer set one there. */
  get(path: readonly string[]): ConfigLeaf | undefined {
    return this.#node(path)?.leaf;
  }

  /** The merged configuration as one nested object of plain values. */
  document(): Record<string, unknown> {
    return plain(this.#root);
  }

  /** The source of the value at `path` or, for a table, of the first value inside it. */
  sourceOf(path: readonly (string | number)[]): ConfigSource | undefined {
    let node = this.#root;
    for (const part of path) {
      if (node.leaf !== undefined) return node.leaf.source;
      const child = typeof part === "string" ? node.children.get(part) : undefined;
      if (child === undefined) break;
      node = child;
    }
    for (;;) {
      if (node.leaf !== undefined) return node.leaf.source;
      const first = node.children.values().next();
      if (first.done === true) return undefined;
      node = first.value;
    }
  }

  #lay(
    node: ConfigNode,
    path: readonly string[],
    value: unknown,
    sourceOf: (path: readonly string[]) => ConfigSource,
  ): void {
    if (!isTable(value)) {
      node.children.clear();
      node.leaf = { value, source: sourceOf(path) };
      return;
    }
    node.leaf = undefined;
    for (const [key, inner] of Object.entries(value)) {
      let child = node.children.get(key);
      if (child === undefined) {
        child = { leaf: undefined, children: new Map() };
        node.children.set(key, child);
      }
      this.#lay(child, [...path, key], inner, sourceOf);
    }
  }

  #node(path: readonly string[]): ConfigNode | undefined {
    let node: ConfigNode | undefined = this.#root;
    for (const part of path) node = node?.children.get(part);
    return node;
  }
}

function plain(node: ConfigNode): Record<string, unknown> {
  const table: Record<string, unknown> = {};
  for (const [key, child] of node.children) {
    table[key] = child.leaf === undefined ? plain(child) : child.leaf.value;
  }
  return table;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}
