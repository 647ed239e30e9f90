import { describe, expect, it } from "vitest";
import { summarizeChanges } from "~/models/audit.server";

/** The change log's summaries (issue 11, item 5): what changed, short, never a secret. */
describe("summarizeChanges", () => {
  it("lists the fields that differ, old → new, in the order given", () => {
    const before = { price: "$950/month", isActive: true, name: "Lot 5" };
    const after = { price: "$995/month", isActive: false, name: "Lot 5" };
    expect(summarizeChanges(before, after, ["name", "price", "isActive"])).toBe("price: $950/month → $995/month; isActive: true → false");
  });

  it("says 'no changes' when nothing differs, and names a new row by the fields that hold a value", () => {
    expect(summarizeChanges({ a: 1 }, { a: 1 })).toBe("no changes");
    expect(summarizeChanges(null, { name: "Lot 5", priceSpanish: null, note: "" })).toBe("name: Lot 5");
    expect(summarizeChanges({ when: new Date(5) }, { when: new Date(5) })).toBe("no changes");
  });

  it("hides the values of fields named like secrets, keeping their names", () => {
    expect(summarizeChanges({ smtp_password: "old-pass" }, { smtp_password: "new-pass" })).toBe("smtp_password: (hidden) → (hidden)");
    expect(summarizeChanges(null, { apiKey: "k-123", sessionSecret: "s", contact_email: "leasing@example.com" })).toBe(
      "apiKey: (hidden); sessionSecret: (hidden); contact_email: leasing@example.com",
    );
  });

  it("cuts long values and folds their whitespace", () => {
    const summary = summarizeChanges(null, { description: `Line one\n\n${"x".repeat(100)}` });
    expect(summary).toBe(`description: Line one ${"x".repeat(50)}…`);
    expect(summary.length).toBe("description: ".length + 60);
  });

  it("removes control characters, so a typed value neither breaks the line nor reorders or colours it", () => {
    expect(summarizeChanges(null, { search: "Peña\u0000;\u001b[31m=1+1\u202Eevil\u2066\r\nnext\tline" })).toBe("search: Peña;[31m=1+1evil next line");
  });

  it("shows a value removed or added as —", () => {
    expect(summarizeChanges({ applicationUrl: "https://apply.example.com" }, { applicationUrl: null })).toBe("applicationUrl: https://apply.example.com → —");
  });
});
