import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream";
import { createGzip } from "node:zlib";

/** What a proxy's gzip setting compresses: text, scripts, styles, JSON, SVG. */
const compressible = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

function isCompressed(incoming: IncomingMessage, answer: IncomingMessage): boolean {
  return (
    incoming.method !== "HEAD" &&
    answer.statusCode === 200 &&
    /\bgzip\b/.test(incoming.headers["accept-encoding"] ?? "") &&
    compressible.test(answer.headers["content-type"] ?? "") &&
    !answer.headers["content-encoding"]
  );
}

function forward(target: URL, incoming: IncomingMessage, outgoing: ServerResponse) {
  const forwarded = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
    if (!isCompressed(incoming, answer)) {
      outgoing.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(outgoing);
      return;
    }
    const { "content-length": _length, ...headers } = answer.headers;
    outgoing.writeHead(answer.statusCode!, { ...headers, "content-encoding": "gzip", vary: "Accept-Encoding" });
    pipeline(answer, createGzip(), outgoing, () => outgoing.destroy());
  });
  forwarded.on("error", () => outgoing.destroy());
  incoming.pipe(forwarded);
}

/**
 * The proxy in front of a deployment (README.md, "In production"): everything forwarded, and what
 * comes back uncompressed (the API's answers) gzipped on the way. The app's server sends its built
 * files compressed already (brotli or gzip), and those pass through as they are.
 */
export async function startGzipProxy(targetUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const target = new URL(targetUrl);
  const server = createServer((incoming, outgoing) => forward(target, incoming, outgoing));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
