/** The parts of the `zipcodes` package (US and Canadian postal codes) the gazetteer reads. */
declare module "zipcodes" {
  export type ZipCode = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  export const codes: Record<string, ZipCode>;
  export const states: { full: Record<string, string>; abbr: Record<string, string> };
}
