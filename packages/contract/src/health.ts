/** `GET /api/health/ready`: what a load balancer checks before sending traffic to a process. */
export interface Readiness {
  database: "ok";
  /** "disabled" when the server runs without REDIS_URL. */
  redis: "ok" | "disabled";
  /**
   * Room on the disk uploads are received on (and pictures kept on, without S3): "full" when less
   * than one upload of the largest size fits, and uploads may answer 503 STORAGE_FULL. Everything
   * else still works, so the answer stays 200: processes that share the disk would all be taken
   * out of service for it.
   */
  disk: "ok" | "full";
}
