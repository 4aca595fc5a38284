import type { FastifyInstance } from "fastify";

/**
 * Scripts come only from this origin, so injected markup cannot run; Ant Design writes its styles
 * at run time, hence inline styles. Avatars may be any web address.
 */
const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", "http:", "https:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * Browser-side protections on every answer: helmet's defaults with the policy above. No
 * Strict-Transport-Security: it is set by whoever terminates TLS; on a plain-http install it would
 * only confuse browsers. The headers never change, so they are built once, not per request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": Object.entries(CONTENT_SECURITY_POLICY)
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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
