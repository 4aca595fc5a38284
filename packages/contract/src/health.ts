/** `GET /api/health/ready`: what a load balancer checks before sending traffic to a process. */
export interface Readiness {
  database: "ok";
  /** "disabled" when the server runs without REDIS_URL. */
  redis: "ok" | "disabled";
}
