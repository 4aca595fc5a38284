/** What the home's first load costs: every request the first screen makes, fetched again as sent with brotli. */
import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { VIEWPORTS } from "../browser.js";

export interface LoadedResource {
  url: string;
  /** The browser's resource type: document, script, stylesheet, font, image, fetch. */
  type: string;
  /** Status line, headers and body as they crossed the wire with `accept-encoding: br`. */
  transferredBytes: number;
  /** The body after decompression. */
  bodyBytes: number;
}

/**
 * Opens the page at phone size and records the requests it makes until the network is idle,
 * without scrolling: what the first screen asks for. Chromium offers brotli only over HTTPS, so
 * each recorded request is fetched again with `accept-encoding: br` to count what a visitor over
 * HTTPS is sent.
 */
export async function measureFirstLoad(browser: Browser, url: string): Promise<LoadedResource[]> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const requested: { url: string; type: string }[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("http")) requested.push({ url: request.url(), type: request.resourceType() });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await context.close();
  return Promise.all(requested.map(async (request) => ({ ...request, ...(await fetchAsSent(request.url)) })));
}

function fetchAsSent(url: string): Promise<{ transferredBytes: number; bodyBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "br" } }, (response) => {
      const head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`;
      let headerBytes = Buffer.byteLength(head) + 2;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        headerBytes += Buffer.byteLength(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
      }
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const decoded = response.headers["content-encoding"] === "br" ? brotliDecompressSync(body) : body;
        resolve({ transferredBytes: headerBytes + body.length, bodyBytes: decoded.length });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
