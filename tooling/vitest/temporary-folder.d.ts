/**
 * Gives the tests of the current file (or `describe`) a fresh folder under the system's temporary
 * one, named from `prefix`, and removes it afterwards: one folder for each test, or with
 * `{ per: "file" }` one for them all. Call the returned function for the folder's path.
 */
export declare function useTemporaryFolder(
  prefix: string,
  options?: { readonly per?: "test" | "file" },
): () => string;
