import net from "node:net";

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Writes a request to the server's socket as it is (fetch cannot send a broken Host, an
 * unknown method and the like) and reads the answer until the server closes the
 * connection. `request` is the request line and headers, then optionally a blank line
 * and a body; `Connection: close` is added after the request line.
 */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [top, ...body] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = top.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: body.join("\r\n\r\n") });
    });
    // Not ended from this side: the server closes the connection once it has answered.
    const [line, ...rest] = request.split("\r\n");
    socket.write([line, "Connection: close", ...rest].join("\r\n") + (request.includes("\r\n\r\n") ? "" : "\r\n\r\n"));
  });
}
