import { z } from "zod";

// Every schema here is built through this module, so this runs before the first one: in a
// browser the app's content security policy forbids eval, which zod would otherwise try (and
// have reported as a violation) to speed up parsing. Servers keep the faster parser.
if ("document" in globalThis) z.config({ jitless: true });

export { z };
