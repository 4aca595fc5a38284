import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Browser-side protections on every answer. Scripts come only from this origin, so injected
 * markup cannot run; Ant Design writes its styles at run time, hence inline styles. Avatars may
 * be any web address. Requests stay on plain http where the app is served that way.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "http:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Set by whoever terminates TLS; on a plain-http install it would only confuse browsers.
    strictTransportSecurity: false,
  });
}
