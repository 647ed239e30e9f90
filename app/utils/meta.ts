import type { Messages } from "./translate";

type MatchLike = { id: string; data: unknown };

/** A dictionary text for meta functions, which run outside React. */
export function rootText(matches: MatchLike[], key: string, fallback: string): string {
  const root = matches.find((match) => match.id === "root")?.data as { messages?: Messages } | undefined;
  return root?.messages?.[key] ?? fallback;
}
