import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/models/contact-schema";
import { validateContact } from "~/models/contact-validation";

// The browser's check (contact-validation.ts, no zod) against the server's schema: for every
// form below, the same fields in error with the same messages in the same order.

const valid: Record<string, string> = {
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana.ruiz@example.com",
  phone: "(817) 555-0100",
  subject: "rental-inquiry",
  message: "Is the three-bedroom home still available?",
};

const SAMPLES: Record<string, string[]> = {
  firstName: ["", " ", "  Ana ", "A", "x".repeat(100), "x".repeat(101), ` ${"x".repeat(100)} `, "Ana\nMaría", "Ana\n", "\tAna", "Ana\u202Eb", "Ana\u2028", "Zoë", "ناصر\u200F", "\u0000", "x".repeat(101) + "\n" + "y"],
  lastName: ["", "Ruiz", " \n ", "O'Brien-Smith", "x".repeat(150), "a\u0007b"],
  email: ["", " ", "ana@example.com", " ana@example.com ", "ana@example", "ana..b@example.com", ".ana@example.com", "ana.@example.com", "ana@ex-ample.co.uk", "ana@-example.com", "ana+tag@example.com", "año@example.com", "a@b.c", `${"a".repeat(250)}@example.com`, `${"a".repeat(250)}@example`, "ana@example.com\n", "ana @example.com", "'ana'@example.com"],
  phone: ["", "   ", "8175550100", " +1 (817) 555-0100 ", "555-0100", "555-010", "---- ----", "1".repeat(21), "1".repeat(31), " 1".repeat(16), "817\n5550100", "817 555 0100\n", "call me", "+52 55 1234 5678", "817\u202E5550100", "1".repeat(30) + "\u0000"],
  subject: ["", "rental-inquiry", "other", "Other", "rental-inquiry ", "visit-request", "nope", "other\n"],
  message: ["", " ", "\n\r\n", "Hello", " \n Hello \n", "\u0000\u0001", "a\u0000b", "x".repeat(5000), "x".repeat(5001), "line\r\nline", `${"x".repeat(4999)}\u0000\u0000`, `\u202E${"x".repeat(5000)}`, "\t"],
};

function formOf(values: Record<string, string | string[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

function expectSameAnswer(values: Record<string, string | string[] | undefined>) {
  const server = parseWithZod(formOf(values), { schema: contactSchema });
  const browser = validateContact(formOf(values));
  const label = JSON.stringify(values).slice(0, 200);
  expect(browser.status, label).toBe(server.status);
  const errorsOf = (submission: object) => {
    const error = "error" in submission ? (submission.error as Record<string, string[] | null> | null) : null;
    return Object.fromEntries(Object.entries(error ?? {}).filter(([, messages]) => messages && messages.length > 0));
  };
  expect(errorsOf(browser), label).toEqual(errorsOf(server));
}

describe("the contact form's check in the browser", () => {
  it("accepts what the server accepts", () => {
    expectSameAnswer(valid);
    expect(validateContact(formOf(valid)).status).toBe("success");
  });

  it("gives each field the server's messages, value by value", () => {
    for (const [field, samples] of Object.entries(SAMPLES)) {
      for (const sample of samples) expectSameAnswer({ ...valid, [field]: sample });
    }
  });

  it("gives the server's messages for missing fields, repeated fields and a whole empty form", () => {
    for (const field of Object.keys(valid)) {
      expectSameAnswer({ ...valid, [field]: undefined });
      expectSameAnswer({ ...valid, [field]: [valid[field], valid[field]] });
    }
    expectSameAnswer({});
    expectSameAnswer({ firstName: "", lastName: "", email: "", phone: "", subject: "", message: "" });
  });

  it("agrees on random mixes of the samples (fixed seed)", () => {
    let seed = 20261128;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round += 1) {
      const values: Record<string, string> = {};
      for (const [field, samples] of Object.entries(SAMPLES)) values[field] = samples[Math.floor(next() * samples.length)];
      expectSameAnswer(values);
    }
  });
});
