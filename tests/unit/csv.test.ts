import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "~/utils/csv";
import { formatIsoDate, formatSpreadsheetDateTime } from "~/utils/dates";
import { parseCsv } from "../support/csv";

describe("csvField: RFC 4180", () => {
  it("quotes every text, writes our own numbers bare, and nothing for no value", () => {
    expect(csvField("Ana Peña")).toBe('"Ana Peña"');
    expect(csvField("")).toBe('""');
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("doubles a field's quotes and keeps its commas and line breaks inside the quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("one\ntwo")).toBe('"one\ntwo"');
    expect(csvField("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(csvField('"')).toBe('""""');
  });

  it("ends a record with CRLF", () => {
    expect(csvRow([1, "a", null, "b,c"])).toBe('1,"a",,"b,c"\r\n');
  });
});

describe("csvField: formula injection", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["+1 817 555 0100", `"'+1 817 555 0100"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1:A2)", `"'@SUM(A1:A2)"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["\r=1+1", `"'\r=1+1"`],
    ["\n=1+1", `"'\n=1+1"`],
    ["\0=1+1", `"'\0=1+1"`],
    ["＝1+1", `"'＝1+1"`],
    ['=HYPERLINK("http://x.example","go")', `"'=HYPERLINK(""http://x.example"",""go"")"`],
  ])("%j is written as %j", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("leaves those characters alone anywhere but at the start, and our own numbers as numbers", () => {
    expect(csvField("a=b")).toBe('"a=b"');
    expect(csvField("x@example.com")).toBe('"x@example.com"');
    expect(csvField(-5)).toBe("-5");
  });

  it("keeps a text with ';' or a tab one cell for a program that splits on them, so no cell starts a formula", () => {
    const values = ["Ana;=1+1", "Peña\t@SUM(A1:A9)", "x;+1;-1", "Hola; ¿qué tal?, \"bien\"\r\nadiós"];
    const text = csvRow([7, ...values]);
    for (const separators of [",;", ",\t", ",;\t"]) {
      const [cells] = parseCsv(text, separators);
      expect(cells, JSON.stringify(separators)).toEqual(["7", ...values]);
    }
  });
});

describe("the test's CSV reader agrees with the writer", () => {
  it("reads back every awkward value exactly (apart from the formula guard's quote)", () => {
    const values = ['He said "hello", then left.\r\nSecond line\nThird', "a,b,,c", '""', "ñ á ü €", " spaced ", ""];
    expect(parseCsv(csvRow(values) + csvRow(["x"]))).toEqual([values, ["x"]]);
  });

  it("refuses what RFC 4180 does not allow", () => {
    expect(() => parseCsv('a"b\r\n')).toThrow(/quote inside/);
    expect(() => parseCsv('"a"b\r\n')).toThrow(/followed by/);
    expect(() => parseCsv("a\nb\r\n")).toThrow(/followed by/);
    expect(() => parseCsv("a,b")).toThrow(/no CRLF/);
    expect(() => parseCsv('"open\r\n')).toThrow(/unclosed/);
  });
});

describe("formatSpreadsheetDateTime: the company's time zone, as spreadsheets read dates", () => {
  const intl = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });

  it("writes Chicago's local time", () => {
    expect(formatSpreadsheetDateTime(Date.UTC(2026, 5, 1, 15, 20, 5))).toBe("2026-06-01 10:20:05");
    expect(formatSpreadsheetDateTime(new Date(Date.UTC(2026, 0, 15, 5, 59, 59)))).toBe("2026-01-14 23:59:59");
    expect(formatIsoDate(Date.UTC(2026, 0, 15, 5, 59, 59))).toBe("2026-01-14");
  });

  it("agrees with Intl every 7 minutes across both daylight-saving changes of 2026", () => {
    for (const [from, to] of [
      [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 10)],
      [Date.UTC(2026, 9, 31), Date.UTC(2026, 10, 3)],
    ]) {
      for (let time = from; time < to; time += 7 * 60_000 + 1_234) {
        expect(formatSpreadsheetDateTime(time), new Date(time).toISOString()).toBe(intl.format(time));
      }
    }
  });

  it("agrees with Intl over three years, one date every 37 hours and some minutes", () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2027, 0, 1); time += 37 * 3_600_000 + 1_111_111) {
      expect(formatSpreadsheetDateTime(time), new Date(time).toISOString()).toBe(intl.format(time));
    }
  });
});
