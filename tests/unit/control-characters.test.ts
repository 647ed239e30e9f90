import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanMultilineText, cleanOneLine, fitsInText, fitsOnOneLine, showControlCharacters, withoutLineControls } from "~/utils/control-characters";

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const C1 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code));
const BIDI_CONTROLS = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const REFUSED_IN_A_LINE = [...C0, "\u007F", ...C1, ...BIDI_CONTROLS, "\u2028", "\u2029"];

describe("fitsOnOneLine", () => {
  it("refuses every C0 control (tab, CR and LF too), DEL, every C1 control, the bidirectional controls and U+2028/U+2029", () => {
    expect(REFUSED_IN_A_LINE).toHaveLength(32 + 1 + 32 + 9 + 2);
    for (const character of REFUSED_IN_A_LINE) {
      expect(fitsOnOneLine(`Ana${character}Ruiz`), `U+${character.codePointAt(0)!.toString(16).padStart(4, "0")}`).toBe(false);
    }
  });

  it("accepts names in any script, with accents, apostrophes, hyphens and the direction marks U+200E, U+200F and U+061C", () => {
    for (const name of ["Ana María", "O'Brien-Núñez", "Zoë Ångström", "李小龍", "محمد\u200F", "\u200Fשרה\u200E", "\u061Cعلي", "(817) 555-0100"]) {
      expect(fitsOnOneLine(name), name).toBe(true);
    }
  });
});

describe("cleanMultilineText", () => {
  it.each([
    ["CRLF, a lone CR, U+2028 and U+2029 become one kind of line break", "a\r\nb\rc\u2028d\u2029e\nf", "a\nb\nc\nd\ne\nf"],
    ["tabs stay", "a\tb", "a\tb"],
    ["NUL, ESC, BEL, backspace, VT and FF go", "a\u0000b\u001b[31mc\u0007d\u0008e\u000bf\u000cg", "ab[31mcdefg"],
    ["DEL and the C1 controls go (NEL included)", "a\u007fb\u0085c\u009bd", "abcd"],
    ["the bidirectional embeddings, overrides and isolates go", "invoice\u202Efdp.exe \u2066x\u2069 \u202Ay\u202C", "invoicefdp.exe x y"],
    ["the direction marks stay", "\u200Fשלום\u200E", "\u200Fשלום\u200E"],
  ])("%s", (_name, typed, kept) => {
    expect(cleanMultilineText(typed)).toBe(kept);
  });

  it("leaves nothing a one-line check would refuse but line breaks and tabs, and is its own result", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (typed) => {
        const cleaned = cleanMultilineText(typed);
        expect(cleaned.split(/[\n\t]/).every(fitsOnOneLine)).toBe(true);
        expect(cleanMultilineText(cleaned)).toBe(cleaned);
      }),
    );
  });
});

describe("cleanOneLine", () => {
  it("makes a name with a line break and controls one line, for a mail header", () => {
    expect(cleanOneLine("  Ana\r\nBcc: victim@evil.example\u0000 \u202Eexe ")).toBe("Ana Bcc: victim@evil.example exe");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (typed) => {
        expect(fitsOnOneLine(cleanOneLine(typed))).toBe(true);
      }),
    );
  });
});

describe("fitsInText (a staff member's description, answer or dictionary text)", () => {
  it("refuses what a line refuses but its line breaks and tabs: NUL, ESC, DEL, the C1 controls and the bidirectional controls", () => {
    const lineBreaksAndTabs = ["\t", "\n", "\r", "\u2028", "\u2029"];
    for (const character of REFUSED_IN_A_LINE) {
      const hex = `U+${character.codePointAt(0)!.toString(16).padStart(4, "0")}`;
      expect(fitsInText(`First line${character}second line`), hex).toBe(lineBreaksAndTabs.includes(character));
    }
  });

  it("accepts paragraphs with CRLF, tabs and the direction marks", () => {
    expect(fitsInText("Two bedrooms.\r\n\r\n\tFenced yard.\nPets welcome.")).toBe(true);
    expect(fitsInText("\u200Fשלום\u200E y más")).toBe(true);
  });
});

describe("withoutLineControls (an uploaded file's name)", () => {
  it("drops every character a line refuses and keeps the rest as it is", () => {
    expect(withoutLineControls("invoice\u202Egpj.exe")).toBe("invoicegpj.exe");
    expect(withoutLineControls("porch\u0000 \u001b[31mphoto\r\n.jpg")).toBe("porch [31mphoto.jpg");
    expect(withoutLineControls("Zoë's porch (2).jpg")).toBe("Zoë's porch (2).jpg");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (name) => {
        expect(fitsOnOneLine(withoutLineControls(name))).toBe(true);
      }),
    );
  });
});

describe("showControlCharacters (the change log)", () => {
  it("shows each character a line refuses as its \\u escape, so a right-to-left override cannot reorder the line", () => {
    expect(showControlCharacters("name: Lot 5 → Lot \u202E6 toL")).toBe("name: Lot 5 → Lot \\u202E6 toL");
    expect(showControlCharacters("a\u0000b\u001bc\nd\u2066e\u0085f")).toBe("a\\u0000b\\u001Bc\\u000Ad\\u2066e\\u0085f");
    expect(showControlCharacters("Zoë \u200Fשרה")).toBe("Zoë \u200Fשרה");
  });

  it("leaves one line with nothing a line refuses, and changes it no more when shown again", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const shown = showControlCharacters(text);
        expect(fitsOnOneLine(shown)).toBe(true);
        expect(showControlCharacters(shown)).toBe(shown);
      }),
    );
  });
});
