import type { Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { ALLOW } from "./bad-requests";
import { commonSecurityHeaderList } from "./security-headers";

// Node's own statuses for what its parser refuses (lib/_http_server.js); 400 for the rest.
const PARSER_REFUSALS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

/**
 * The answers Node makes before Express sees a request, written straight to the socket
 * as Node writes them, but with the headers of every other answer: a request its parser
 * refuses (a method it does not know such as TRACK, a broken request line, headers over
 * its limit) and a CONNECT (this is no proxy; Node would close the connection unanswered).
 */
export function answerUnparsedRequests(server: Server, options: { https: boolean }) {
  const headers = commonSecurityHeaderList(options)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const answer = (status: string, extraHeaders = "") =>
    `HTTP/1.1 ${status}\r\n${headers}${extraHeaders}Content-Length: 0\r\nConnection: close\r\n\r\n`;

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own rule: nothing is written into an answer already on its way on this
    // connection (kept alive, a response in flight).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.write(answer(PARSER_REFUSALS[error.code ?? ""] ?? "400 Bad Request"));
    socket.destroy(error);
  });
  server.on("connect", (_req, socket: Duplex) => {
    socket.end(answer("405 Method Not Allowed", `Allow: ${ALLOW}\r\n`));
  });
}
