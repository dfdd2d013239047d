/** The variable Codex's `env_key` names for the mock provider: Codex wants one, the mock ignores it. */
export const mockKeyVariable = "CTX_CONFORMANCE_KEY";

/**
 * The `config.toml` that points Codex at the mock Responses server at `baseUrl`, with no retries
 * and no websockets, and `settings` (TOML lines) before the provider's table.
 */
export function mockProviderConfig(baseUrl: string, settings: readonly string[] = []): string {
  return [
    `model_provider = "mock"`,
    ...settings,
    `[model_providers.mock]`,
    `name = "mock"`,
    `base_url = "${baseUrl}"`,
    `wire_api = "responses"`,
    `env_key = "${mockKeyVariable}"`,
    `request_max_retries = 0`,
    `stream_max_retries = 0`,
    `supports_websockets = false`,
    "",
  ].join("\n");
}
