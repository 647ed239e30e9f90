/** The texts a person or a screen reader meets on a server-rendered page. */
export function visibleTexts(html: string): string[] {
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<style\b[\s\S]*?<\/style>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "<>")
    .replace(/<head\b[\s\S]*?<\/head>/i, "");
  const texts: string[] = [];
  for (const match of body.matchAll(/\s(?:alt|aria-label|title|placeholder)="([^"]*)"/g)) texts.push(decode(match[1]));
  for (const chunk of body.split(/<[^>]*>/)) {
    const text = decode(chunk).replace(/\s+/g, " ").trim();
    if (text) texts.push(text);
  }
  return texts;
}

export function decode(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ");
}

/**
 * The error messages a page shows: the text of its alerts (role="alert") and of the
 * field messages forms render beside their fields (an element whose id ends in "-error").
 */
export function errorMessagesIn(html: string): string[] {
  const messages: string[] = [];
  const opening = /<([a-z][a-z0-9]*)\b([^>]*)>/gi;
  for (const match of html.matchAll(opening)) {
    const [whole, tag, attributes] = match;
    if (!/\srole="alert"|\sid="[^"]*-error"/.test(` ${attributes}`)) continue;
    const start = match.index! + whole.length;
    const end = html.indexOf(`</${tag}>`, start);
    if (end === -1) continue;
    const text = visibleTexts(`<body>${html.slice(start, end)}</body>`).join(" ").trim();
    if (text) messages.push(text);
  }
  return messages;
}

/**
 * Every place a page may send its reader: links, form targets, frames, and the target of
 * a meta refresh, as written (entities decoded).
 */
export function navigationTargetsIn(html: string): string[] {
  const targets: string[] = [];
  for (const match of html.matchAll(/<(?:a|area|link|form|iframe|button|input|base)\b[^>]*?\s(?:href|action|formaction|src)="([^"]*)"/gi)) {
    targets.push(decode(match[1]));
  }
  for (const match of html.matchAll(/<meta\b[^>]*http-equiv="refresh"[^>]*>/gi)) {
    const content = /\scontent="([^"]*)"/i.exec(match[0])?.[1];
    const url = content ? /url\s*=\s*['"]?([^'"]*)/i.exec(decode(content))?.[1] : undefined;
    if (url !== undefined) targets.push(url.trim());
  }
  return targets;
}

/** The names on a list's cards (their h3 headings), in their order. */
export function cardNames(html: string): string[] {
  return [...html.matchAll(/<h3 id="listing-\d+-name"[^>]*>([^<]*)</g)].map((match) => decode(match[1]));
}
