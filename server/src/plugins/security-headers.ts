import type { FastifyInstance } from "fastify";

/**
 * Scripts come only from this origin, so injected markup cannot run; Ant Design writes its styles
 * at run time, hence inline styles. Pictures come from this origin or the picture store's (avatars
 * are uploads too), so a picture address slipped into a page cannot tell another server who looks.
 */
const contentSecurityPolicy = (pictureOrigins: string[]): Record<string, string[]> => ({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", ...pictureOrigins],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
});

/**
 * Browser-side protections on every answer: helmet's defaults with the policy above. No
 * Strict-Transport-Security: it is set by whoever terminates TLS; on a plain-http install it would
 * only confuse browsers.
 */
export const securityHeaders = (pictureOrigins: string[]): Readonly<Record<string, string>> => ({
  "content-security-policy": Object.entries(contentSecurityPolicy(pictureOrigins))
    .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
    .join(";"),
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

/** The headers never change, so they are built once, not per request. */
export function registerSecurityHeaders(app: FastifyInstance, pictureOrigins: string[]): void {
  const headers = Object.freeze(securityHeaders(pictureOrigins));
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
