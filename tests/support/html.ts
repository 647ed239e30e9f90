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
