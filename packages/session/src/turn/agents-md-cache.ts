import {
  type AgentsMdSharedOptions,
  discoverAgentsMdForEnvironments,
  type LoadedAgentsMd,
} from "@ctx/agents-md";

/** The environments whose AGENTS.md a turn discovers. */
type Environments = readonly { readonly id: string; readonly cwd: string }[];

/**
 * AGENTS.md as a session last discovered it: turns in the same folders reuse it, a turn anywhere
 * else discovers again (the reference re-reads only when the environments change).
 */
export class AgentsMdCache {
  #key: string | undefined;
  #loaded: LoadedAgentsMd | undefined;

  async load(environments: Environments, discover: AgentsMdSharedOptions): Promise<LoadedAgentsMd> {
    const key = JSON.stringify(environments.map(({ id, cwd }) => [id, cwd]));
    if (this.#loaded !== undefined && this.#key === key) return this.#loaded;
    const loaded = await discoverAgentsMdForEnvironments(
      environments.map(({ id, cwd }) => ({ id, cwd })),
      discover,
    );
    this.#key = key;
    this.#loaded = loaded;
    return loaded;
  }
}
