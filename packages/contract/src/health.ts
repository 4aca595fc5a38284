import { z } from "./zod.js";

export const ReadinessSchema = z
  .object({
    database: z.literal("ok"),
    redis: z.enum(["ok", "disabled"]).describe('"disabled" when the server runs without REDIS_URL.'),
    disk: z
      .enum(["ok", "full"])
      .describe(
        'Room on the disk uploads are received on (and pictures kept on, without S3): "full" when less than one upload of the largest size fits, and uploads may answer 503 STORAGE_FULL. Everything else still works, so the answer stays 200: processes that share the disk would all be taken out of service for it.',
      ),
  })
  .describe("`GET /api/health/ready`: what a load balancer checks before sending traffic to a process.");
export type Readiness = z.infer<typeof ReadinessSchema>;
