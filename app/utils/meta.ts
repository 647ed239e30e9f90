import type { Messages } from "./translate";

type MatchLike = { id: string; data: unknown };

/** A dictionary text for meta functions, which run outside React. */
export function rootText(matches: MatchLike[], key: string, fallback: string): string {
  const root = matches.find((match) => match.id === "root")?.data as { messages?: Messages } | undefined;
  return root?.messages?.[key] ?? fallback;
}

/** The title, description, Open Graph and canonical tags every public page carries. */
export function pageMeta(page: { title: string; description: string; canonicalUrl?: string; imageUrl?: string }) {
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    ...(page.imageUrl ? [{ property: "og:image", content: page.imageUrl }] : []),
    ...(page.canonicalUrl ? [{ tagName: "link", rel: "canonical", href: page.canonicalUrl }] : []),
  ];
}
