import http from "node:http";
import { listenOnLoopback, type ListeningStub } from "./loopback";

/**
 * A small real HTTP server speaking Nominatim's search API, for tests:
 * GET /search?format=jsonv2&addressdetails=1&countrycodes=us&q=... answers a list of
 * places ({display_name, lat, lon, place_rank, addresstype, address, ...}, lat and lon as
 * strings, as Nominatim sends them): by default ten houses around Temple, Texas, or the
 * places a test sets with `answerWith`.
 * Every place it answers carries STUB_MARK in its name, so a test can tell its
 * answers from the gazetteer's. Its mode can be switched between answering, failing
 * with 500, answering something that is not JSON, and never answering (a hung
 * service); every request is recorded with its query and User-Agent.
 */

export const STUB_MARK = "(stub geocoder)";

export type NominatimMode = "ok" | "fail" | "not-json" | "hang";
export type RecordedSearch = { path: string; params: URLSearchParams; userAgent: string | undefined };

/** A loopback stub that records what it is asked and can be switched to misbehave. */
export type NominatimStub = ListeningStub & {
  requests: RecordedSearch[];
  setMode: (mode: NominatimMode) => void;
  /** What it answers for a query from now on (a list of places), until reset. */
  answerWith: (places: (query: string) => unknown[]) => void;
  reset: () => void;
};

/** Ten places for any query, more than the app may show, spread around Temple, Texas. */
export function stubPlaces(query: string) {
  return Array.from({ length: 10 }, (_, index) => ({
    place_id: 1000 + index,
    display_name: `${index + 1} ${query} Street, Temple, Bell County, Texas, 76501, United States ${STUB_MARK}`,
    lat: (31.09 + index / 100).toFixed(7),
    lon: (-97.34 - index / 100).toFixed(7),
    category: "place",
    type: "house",
    place_rank: 30,
    addresstype: "place",
    address: {
      house_number: String(index + 1),
      road: `${query} Street`,
      city: "Temple",
      county: "Bell County",
      state: "Texas",
      "ISO3166-2-lvl4": "US-TX",
      postcode: "76501",
      country: "United States",
      country_code: "us",
    },
  }));
}

type StubAddress = { town: string; county: string; state: string; code: string; postcode?: string };

function address(place: StubAddress, extra: Record<string, string> = {}) {
  return {
    ...extra,
    city: place.town,
    county: place.county,
    state: place.state,
    "ISO3166-2-lvl4": `US-${place.code}`,
    ...(place.postcode ? { postcode: place.postcode } : {}),
    country: "United States",
    country_code: "us",
  };
}

/**
 * What Nominatim answers for a street typed with its town and no state, "1200 Oak St,
 * Arlington" (issue 54, point 17): a house in Arlington, Virginia, streets in Arlington,
 * Massachusetts and Alabama, and last Arlington, Texas itself (a city: its centre).
 */
export function arlingtonPlaces() {
  const virginia = { town: "Arlington", county: "Arlington County", state: "Virginia", code: "VA", postcode: "22201" };
  const massachusetts = { town: "Arlington", county: "Middlesex County", state: "Massachusetts", code: "MA", postcode: "02474" };
  const alabama = { town: "Arlington", county: "Wilcox County", state: "Alabama", code: "AL" };
  const texas = { town: "Arlington", county: "Tarrant County", state: "Texas", code: "TX" };
  return [
    {
      place_id: 2001,
      display_name: `1200, Oak Street, Lyon Park, Arlington, Arlington County, Virginia, 22201, United States ${STUB_MARK}`,
      lat: "38.8826300",
      lon: "-77.0884700",
      category: "place",
      type: "house",
      place_rank: 30,
      addresstype: "place",
      name: "",
      address: address(virginia, { house_number: "1200", road: "Oak Street" }),
    },
    {
      place_id: 2002,
      display_name: `Oak Street, Arlington, Middlesex County, Massachusetts, 02474, United States ${STUB_MARK}`,
      lat: "42.4182000",
      lon: "-71.1651000",
      category: "highway",
      type: "residential",
      place_rank: 26,
      addresstype: "road",
      name: "Oak Street",
      address: address(massachusetts, { road: "Oak Street" }),
    },
    {
      place_id: 2003,
      display_name: `Oak Street, Arlington, Wilcox County, Alabama, United States ${STUB_MARK}`,
      lat: "32.1213000",
      lon: "-87.5783000",
      category: "highway",
      type: "residential",
      place_rank: 26,
      addresstype: "road",
      name: "Oak Street",
      address: address(alabama, { road: "Oak Street" }),
    },
    {
      place_id: 2004,
      display_name: `Arlington, Tarrant County, Texas, United States ${STUB_MARK}`,
      lat: "32.7355816",
      lon: "-97.1071186",
      category: "boundary",
      type: "administrative",
      place_rank: 16,
      addresstype: "city",
      name: "Arlington",
      address: address(texas),
    },
  ];
}

export async function startNominatim(): Promise<NominatimStub> {
  let mode: NominatimMode = "ok";
  let answer: (query: string) => unknown[] = stubPlaces;
  const requests: RecordedSearch[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stub");
    requests.push({ path: url.pathname, params: url.searchParams, userAgent: request.headers["user-agent"] });
    if (mode === "hang") return; // never answers; stop() drops the connection
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "Content-Type": type });
      response.end(body);
    };
    if (request.method !== "GET" || url.pathname !== "/search") return send(404, "application/json", JSON.stringify({ error: "Not Found" }));
    if (mode === "fail") return send(500, "text/html", "<h1>Internal Server Error</h1>");
    if (mode === "not-json") return send(200, "application/json", "<html>maintenance</html>");
    send(200, "application/json", JSON.stringify(answer(url.searchParams.get("q") ?? "")));
  });

  const listening = await listenOnLoopback(server);

  return {
    ...listening,
    requests,
    setMode: (next) => (mode = next),
    answerWith: (places) => (answer = places),
    reset: () => {
      mode = "ok";
      answer = stubPlaces;
      requests.length = 0;
    },
  };
}
