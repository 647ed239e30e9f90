// The dashboard part of `npm run bench`: each tab's GET as a signed-in admin, on the demo
// catalogue and on a database filled by `npm run seed:scale` (5,000 properties, 20,000
// media, 100,000 messages), in one run, so the two columns come from the same build and
// machine. Sequential requests (one at a time): the figure is the page's own latency.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { request } from "./bench-util.mjs";

export const BENCH_ADMIN = "bench.admin@example.com";
const WARMUP = 5;
const SAMPLES = 40;

/** The pages timed: every tab, and the deep pages that would be slow with OFFSET or a full scan. */
export function dashboardPages(databasePath) {
  const oldestPageCursor = (() => {
    const db = new Database(databasePath, { readonly: true });
    try {
      // The message just before the last page of 25: the cursor of the last page.
      const count = db.prepare("select count(*) as n from contact_messages").get().n;
      const row = db
        .prepare("select id, created_at as createdAt from contact_messages order by created_at desc, id desc limit 1 offset ?")
        .get(Math.max(0, count - 26));
      return row ? `${row.createdAt}_${row.id}` : null;
    } finally {
      db.close();
    }
  })();
  return [
    ["Overview", "/admin/dashboard"],
    ["Properties", "/admin/dashboard/properties"],
    ["Properties, search", "/admin/dashboard/properties?q=lot%201"],
    ["Properties, page 150", "/admin/dashboard/properties?page=150"],
    ["FAQs", "/admin/dashboard/faqs"],
    ["Media", "/admin/dashboard/media"],
    ["Media, page 600", "/admin/dashboard/media?page=600"],
    ["Text", "/admin/dashboard/text"],
    ["Text, search", "/admin/dashboard/text?q=home"],
    ["Admins", "/admin/dashboard/admins"],
    ["Settings", "/admin/dashboard/settings"],
    ["Messages", "/admin/dashboard/messages"],
    ["Messages, last page", oldestPageCursor ? `/admin/dashboard/messages?before=${oldestPageCursor}` : "/admin/dashboard/messages"],
  ];
}

/** The sign-in link in a mail as sent (quoted-printable soft line breaks and escapes undone), or null. */
export function signInLinkIn(mail, appUrl) {
  const text = mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return text.match(new RegExp(`${appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/admin/auth/magic\\?token=[A-Za-z0-9_-]+`))?.[0] ?? null;
}

/** The sign-in link of the outbox mail (no SMTP_URL: mail is written to data/outbox). */
async function outboxLink(workDir, appUrl) {
  const dir = path.join(workDir, "data", "outbox");
  for (let waited = 0; waited < 15_000; waited += 100) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    for (const file of files) {
      const link = signInLinkIn(fs.readFileSync(path.join(dir, file), "utf8"), appUrl);
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no sign-in mail in data/outbox after 15 s");
}

/**
 * Signs in the way a person does (link by mail, then Continue); returns the cookie header.
 * `mailedLink` finds the link the request mailed (by default in data/outbox).
 */
export async function signInForBench(server, mailedLink = () => outboxLink(server.workDir, server.url)) {
  const asked = await request(`${server.url}/api/admin/auth/magic/request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: BENCH_ADMIN }),
  });
  if (asked.status !== 200) throw new Error(`sign-in link request answered ${asked.status}: ${asked.body.slice(0, 200)}`);
  const link = await mailedLink();
  const token = new URL(link).searchParams.get("token");
  const confirmed = await request(`${server.url}/admin/auth/magic`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ token }).toString(),
  });
  const cookie = [confirmed.headers["set-cookie"] ?? []].flat().map((line) => line.split(";")[0]).join("; ");
  if (confirmed.status !== 302 || !cookie) throw new Error(`sign-in confirmation answered ${confirmed.status} without a session`);
  return cookie;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50 and p95 (ms) of one page, the status seen and the HTML size. */
export async function timePage(server, cookie, pagePath) {
  const url = `${server.url}${pagePath}`;
  let last;
  for (let i = 0; i < WARMUP; i++) last = await request(url, { headers: { Cookie: cookie } });
  if (last.status !== 200) return { status: last.status };
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = process.hrtime.bigint();
    last = await request(url, { headers: { Cookie: cookie } });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { status: last.status, p50: percentile(times, 50), p95: percentile(times, 95), bytes: Buffer.byteLength(last.body) };
}

/** Times every page on both servers; returns rows for the table and the summary. */
export async function benchDashboard({ demo, scaled }) {
  const pages = dashboardPages(scaled.databasePath);
  const cookies = { demo: await signInForBench(demo), scaled: await signInForBench(scaled) };
  const rows = [];
  for (const [label, pagePath] of pages) {
    const onDemo = await timePage(demo, cookies.demo, pagePath.includes("before=") ? "/admin/dashboard/messages" : pagePath);
    const onScaled = await timePage(scaled, cookies.scaled, pagePath);
    const ratio = onDemo.p50 && onScaled.p50 ? onScaled.p50 / onDemo.p50 : null;
    rows.push({ label, path: pagePath, demo: onDemo, scaled: onScaled, ratio });
  }
  return rows;
}
