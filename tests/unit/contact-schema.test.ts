import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { DICTIONARY } from "~/db/dictionary";
import { CONTACT_CONSTRAINT } from "~/models/contact-fields";
import { CONTACT_SUBJECTS, contactSchema, isHoneypotFilled, isPlausiblePhone } from "~/models/contact-schema";

const valid = {
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana.ruiz@example.com",
  phone: "(817) 555-0100",
  subject: "rental-inquiry",
  message: "Is the three-bedroom home still available?",
};

function errorsOf(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("contactSchema", () => {
  it("accepts a complete message and trims every text", () => {
    const result = contactSchema.parse({
      ...valid,
      firstName: "  Ana ",
      email: " ana.ruiz@example.com ",
      message: "\n Hello \n",
    });
    expect(result).toEqual({ ...valid, firstName: "Ana", message: "Hello" });
  });

  it("accepts every subject of docs/product.md §5", () => {
    expect(CONTACT_SUBJECTS).toEqual(["property-management", "investment", "development", "rental-inquiry", "other"]);
    for (const subject of CONTACT_SUBJECTS) expect(contactSchema.safeParse({ ...valid, subject }).success).toBe(true);
  });

  it("treats a missing, empty, blank or null phone as absent", () => {
    for (const phone of [undefined, "", "   ", null]) {
      const result = contactSchema.safeParse({ ...valid, phone });
      expect(result.success, String(phone)).toBe(true);
      expect(result.success && result.data.phone).toBeUndefined();
    }
  });

  it("accepts plausible phone numbers", () => {
    for (const phone of ["8175550100", "+1 (817) 555-0100", "817.555.0100", "555-0100", "+52 55 1234 5678"]) {
      expect(contactSchema.safeParse({ ...valid, phone }).success, phone).toBe(true);
    }
  });

  it("rejects implausible phone numbers", () => {
    for (const phone of ["call me", "12345", "817-555-01OO", "--- --- ----", "1".repeat(21), "555 0100 ext 2"]) {
      expect(errorsOf({ ...valid, phone }).phone, phone).toEqual(["validation.phone_invalid"]);
    }
    expect(errorsOf({ ...valid, phone: "1".repeat(31) }).phone).toEqual(["validation.too_long"]);
    expect(isPlausiblePhone("(817) 555-0142")).toBe(true);
  });

  it("requires the names, the e-mail, the subject and the message, with one key each", () => {
    expect(errorsOf({})).toEqual({
      firstName: ["validation.first_name_required"],
      lastName: ["validation.last_name_required"],
      email: ["validation.email_invalid"],
      subject: ["validation.subject_required"],
      message: ["validation.message_required"],
    });
  });

  it("treats blanks like missing values", () => {
    expect(errorsOf({ ...valid, firstName: "   ", lastName: "", message: " \n " })).toEqual({
      firstName: ["validation.first_name_required"],
      lastName: ["validation.last_name_required"],
      message: ["validation.message_required"],
    });
  });

  it("rejects values of the wrong type with the field's message", () => {
    expect(errorsOf({ ...valid, firstName: 42, email: ["a@b.co"], subject: 1 })).toEqual({
      firstName: ["validation.first_name_required"],
      email: ["validation.email_invalid"],
      subject: ["validation.subject_required"],
    });
  });

  it("rejects malformed e-mail addresses", () => {
    for (const email of ["ana", "ana@", "@example.com", "ana example@example.com", "ana@example"]) {
      expect(errorsOf({ ...valid, email }).email, email).toEqual(["validation.email_invalid"]);
    }
  });

  it("rejects a subject outside the list", () => {
    for (const subject of ["", "sales", "Other"]) {
      expect(errorsOf({ ...valid, subject }).subject, subject).toEqual(["validation.subject_required"]);
    }
  });

  it("refuses a line break, NUL, a tab or a bidirectional override in a name or the phone, with one key", () => {
    for (const trick of ["\r\n", "\n", "\u0000", "\t", "\u001b", "\u0085", "\u202E", "\u2066", "\u2028"]) {
      expect(errorsOf({ ...valid, firstName: `Ana${trick}x` }), JSON.stringify(trick)).toEqual({ firstName: ["validation.special_characters"] });
      expect(errorsOf({ ...valid, lastName: `Ru${trick}iz` }), JSON.stringify(trick)).toEqual({ lastName: ["validation.special_characters"] });
      expect(errorsOf({ ...valid, phone: `555${trick}0100` }), JSON.stringify(trick)).toEqual({ phone: ["validation.special_characters"] });
    }
    // Around the text they are trimmed like spaces: nothing is left to refuse.
    expect(contactSchema.parse({ ...valid, firstName: "\r\nAna\t" }).firstName).toBe("Ana");
  });

  it("keeps a message's line breaks and tabs, and drops its other control characters", () => {
    expect(contactSchema.parse({ ...valid, message: "Hello\r\n\tthere\u0000\u001b[0m\u202E!\rBye" }).message).toBe("Hello\n\tthere[0m!\nBye");
    expect(errorsOf({ ...valid, message: "\u0000\u202E\r\n" })).toEqual({ message: ["validation.message_required"] });
  });

  it("caps the lengths", () => {
    expect(errorsOf({ ...valid, firstName: "a".repeat(101) }).firstName).toEqual(["validation.too_long"]);
    expect(errorsOf({ ...valid, lastName: "a".repeat(101) }).lastName).toEqual(["validation.too_long"]);
    expect(errorsOf({ ...valid, message: "a".repeat(5001) }).message).toEqual(["validation.too_long"]);
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toContain("validation.too_long");
    expect(contactSchema.safeParse({ ...valid, firstName: "a".repeat(100), message: "a".repeat(5000) }).success).toBe(true);
  });

  it("gives conform the same verdicts for a submitted form, empty fields included", () => {
    const empty = new URLSearchParams({ firstName: "", lastName: "", email: "", phone: "", subject: "", message: "" });
    const rejected = parseWithZod(empty, { schema: contactSchema });
    expect(rejected.status).toBe("error");
    expect(rejected.reply().error).toEqual({
      firstName: ["validation.first_name_required"],
      lastName: ["validation.last_name_required"],
      email: ["validation.email_invalid"],
      subject: ["validation.subject_required"],
      message: ["validation.message_required"],
    });

    const accepted = parseWithZod(new URLSearchParams({ ...valid, phone: "" }), { schema: contactSchema });
    expect(accepted.status).toBe("success");
    expect(accepted.status === "success" && accepted.value).toEqual({ ...valid, phone: undefined });
  });

  it("uses only messages that the dictionary has in English and Spanish", () => {
    const keys = new Set(DICTIONARY.map((entry) => entry.key));
    const everything = contactSchema.safeParse({ firstName: 1, lastName: "a".repeat(101), email: "x", phone: "x", subject: "x", message: "" });
    expect(everything.success).toBe(false);
    const messages = everything.success ? [] : everything.error.issues.map((issue) => issue.message);
    for (const message of [...messages, "validation.too_long", "validation.special_characters"]) expect(keys.has(message), message).toBe(true);
  });
});

describe("the honeypot", () => {
  it("counts only a non-blank text as filled", () => {
    expect(isHoneypotFilled("https://spam.example")).toBe(true);
    for (const value of [null, undefined, "", "  "]) expect(isHoneypotFilled(value)).toBe(false);
  });
});

describe("the form's native constraints", () => {
  it("are the ones the schema gives, written out so the page needs no zod to render them", () => {
    expect(CONTACT_CONSTRAINT).toEqual(getZodConstraint(contactSchema));
  });
});
