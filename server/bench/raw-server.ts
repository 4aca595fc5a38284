/**
 * Child process of the HTTP benchmark: the ceiling. A bare Node `http` server that answers each
 * recorded path with the product's body and content type, doing nothing else; a reply recorded
 * under "*" answers every other path (the traffic benchmark's distinct URLs).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FixedReply, ReadyMessage } from "./bench-servers.js";
import { answerEventLoopProbes } from "./event-loop-probe.js";

answerEventLoopProbes();

process.once("message", (replies: Record<string, FixedReply>) => {
  const answers = new Map(
    Object.entries(replies).map(([url, reply]) => {
      const body = Buffer.from(reply.body, "base64");
      return [url, { body, headers: { "content-type": reply.contentType, "content-length": body.length } }];
    }),
  );
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? "") ?? answers.get("*");
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers).end(answer.body);
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ url: `http://127.0.0.1:${port}` } satisfies ReadyMessage);
  });
});
