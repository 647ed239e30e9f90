/**
 * A strict RFC 4180 reader, written from the RFC for the tests (not from our writer):
 * records end with CRLF; a field is either plain (no comma, quote, CR or LF) or quoted,
 * with "" for a quote inside, and may then hold commas and line breaks. Anything else
 * (a bare quote in a plain field, text after a closing quote, a bare CR or LF between
 * records, a last record without its CRLF) throws, so a writer's slip fails the test.
 *
 * `separators` reads the file as a spreadsheet program set to split on other characters
 * too would (Excel where ";" is the list separator, an import that splits on tabs): each
 * of them ends a plain field as a comma does; a quoted field is still one field.
 */
export function parseCsv(text: string, separators = ","): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`CSV: ${why} at offset ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))}`);
  };
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) fail("unclosed quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && !separators.includes(text[i]) && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') fail("a quote inside a plain field");
        field += text[i++];
      }
    }
    record.push(field);
    if (i < text.length && separators.includes(text[i])) {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    fail(i >= text.length ? "the last record has no CRLF" : "a field followed by something other than a comma or CRLF");
  }
  return records;
}
