import { escapeHtml } from "~/utils/html";

/**
 * The office's mails (a contact message, a visit request) as HTML: each detail on a row
 * of its own, name beside value, and the addresses links a mail program opens (the
 * home's page, mailto:, tel:). Values arrive cleaned to one line; they are escaped here.
 */

/** A row of details; `href`, what its value links to. */
export type OfficeDetail = { name: string; value: string; href?: string };

const LINK_STYLE = "color:#1d4ed8";

export function officeLink(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(text)}</a>`;
}

export function officeDetailsTable(details: OfficeDetail[]): string {
  const rows = details
    .map(({ name, value, href }) => `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(name)}</th><td style="padding:4px 0">${href ? officeLink(href, value) : escapeHtml(value)}</td></tr>`)
    .join("");
  return `<table role="presentation" style="border-collapse:collapse">${rows}</table>`;
}

/** The whole mail around its parts (already HTML). */
export function officeMailHtml(parts: string[]): string {
  return ['<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">', ...parts, "</body></html>"].join("");
}

/** The visitor's typed message, its line breaks kept, under a heading. */
export function officeMessageHtml(heading: string, body: string): string {
  return `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(heading)}</h2><p style="white-space:pre-wrap;margin:0">${escapeHtml(body)}</p>`;
}
