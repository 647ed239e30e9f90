/**
 * Reads the redirect that Remix's single fetch sends a client-side navigation:
 * turbo-stream's flat JSON, `[["SingleFetchRedirect", 1], {"_2": 3, ...}, "redirect", "/x", ...]`,
 * where `"_k": v` means key `list[k]` has value `list[v]`.
 */
export function decodeSingleFetchRedirect(body: string): Record<string, unknown> {
  const list = JSON.parse(body) as unknown[];
  const [marker, index] = list[0] as [string, number];
  if (marker !== "SingleFetchRedirect") throw new Error(`not a single-fetch redirect: ${body}`);
  const fields = list[index] as Record<string, number>;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [list[Number(key.slice(1))], list[value]]));
}
