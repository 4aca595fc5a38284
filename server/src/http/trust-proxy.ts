import { BlockList } from "node:net";
import type { FastifyServerOptions } from "fastify";

/** Addresses a proxy of our own has: loopback, private networks, link-local. */
const privateNetworks = new BlockList();
for (const [network, bits] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const) {
  privateNetworks.addSubnet(network, bits, "ipv4");
}
for (const [network, bits] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  privateNetworks.addSubnet(network, bits, "ipv6");
}

function isPrivate(address: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4 !== undefined) return privateNetworks.check(v4, "ipv4");
  return privateNetworks.check(address, address.includes(":") ? "ipv6" : "ipv4");
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A list of proxies is believed as given. A hop count
 * believes up to that many proxies, but only proxies on a private network: a client that reaches
 * the server directly from the internet cannot pick its own address by sending X-Forwarded-For.
 * (Fastify itself ignores X-Forwarded-For for a bare number, for the same reason.)
 */
export function trustProxyOption(setting: false | number | string[]): FastifyServerOptions["trustProxy"] {
  if (typeof setting !== "number") return setting;
  const hops = setting;
  return (address, hop) => hop < hops && isPrivate(address);
}
