// The parts of web-push (3.6) the server uses; the package ships no types of its own.
declare module "web-push" {
  interface PushSubscriptionKeys {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  interface RequestOptions {
    headers?: Record<string, string>;
    vapidDetails?: { subject: string; publicKey: string; privateKey: string } | null;
    TTL?: number;
    contentEncoding?: "aes128gcm" | "aesgcm";
    urgency?: "very-low" | "low" | "normal" | "high";
    topic?: string;
  }
  interface RequestDetails {
    method: "POST";
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  const webpush: {
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
    getVapidHeaders(
      audience: string,
      subject: string,
      publicKey: string,
      privateKey: string,
      contentEncoding: "aes128gcm" | "aesgcm",
      expiration?: number,
    ): { Authorization: string };
    generateRequestDetails(
      subscription: PushSubscriptionKeys,
      payload: string,
      options: RequestOptions,
    ): RequestDetails;
  };
  export default webpush;
}
