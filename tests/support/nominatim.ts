import http from "node:http";
import { listenOnLoopback, type ListeningStub } from "./loopback";

/**
 * A small real HTTP server speaking Nominatim's search API, for tests:
 * GET /search?format=jsonv2&countrycodes=us&q=... answers a list of places
 * ({display_name, lat, lon, ...}, lat and lon as strings, as Nominatim sends them).
 * Every place it answers carries STUB_MARK in its name, so a test can tell its
 * answers from the gazetteer's. Its mode can be switched between answering, failing
 * with 500, answering something that is not JSON, and never answering (a hung
 * service); every request is recorded with its query and User-Agent.
 */

export const STUB_MARK = "(stub geocoder)";

export type NominatimMode = "ok" | "fail" | "not-json" | "hang";
export type RecordedSearch = { path: string; params: URLSearchParams; userAgent: string | undefined };

/** A loopback stub that records what it is asked and can be switched to misbehave. */
export type NominatimStub = ListeningStub & { requests: RecordedSearch[]; setMode: (mode: NominatimMode) => void; reset: () => void };

/** Ten places for any query, more than the app may show, spread around Temple, Texas. */
export function stubPlaces(query: string) {
  return Array.from({ length: 10 }, (_, index) => ({
    place_id: 1000 + index,
    display_name: `${index + 1} ${query} Street, Temple, Bell County, Texas, 76501, United States ${STUB_MARK}`,
    lat: (31.09 + index / 100).toFixed(7),
    lon: (-97.34 - index / 100).toFixed(7),
    category: "place",
    type: "house",
  }));
}

export async function startNominatim(): Promise<NominatimStub> {
  let mode: NominatimMode = "ok";
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
    send(200, "application/json", JSON.stringify(stubPlaces(url.searchParams.get("q") ?? "")));
  });

  const listening = await listenOnLoopback(server);

  return {
    ...listening,
    requests,
    setMode: (next) => (mode = next),
    reset: () => {
      mode = "ok";
      requests.length = 0;
    },
  };
}
