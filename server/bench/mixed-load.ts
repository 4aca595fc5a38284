/**
 * The mixed benchmark's clients: each is a signed-in user of the population sending one request
 * after another, the kind drawn by weight from a marketplace's mix, waiting a random think time
 * between them. The same clients drive the product and the raw server; against the raw server each
 * kind goes to one recorded path (same method, headers and body), answered with the product's bytes.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { CATEGORIES } from "@xianzhi/contract";
import { BENCH_PASSWORD, type BenchUser, type Population } from "./bench-users.js";
import { seededRandom } from "./catalogue.js";

export interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  signedIn?: boolean;
}

/** One client: a user, their current session, and the favourites they have added in this run. */
export interface Client {
  index: number;
  user: BenchUser;
  token: string;
  random: () => number;
  favorites: number[];
}

export interface Kind {
  name: string;
  /** Share of all requests, in percent. */
  weight: number;
  call(client: Client, population: Population): Call;
}

const KEYWORDS = [
  "手机",
  "九成新",
  "苹果",
  "iPhone",
  "乐高",
  "索尼 耳机",
  "自行车",
  "机",
  "Switch",
  "沙发",
  "包邮 相机",
];
const SORTS = ["latest", "latest", "latest", "price_asc", "price_desc", "popular"];
const CATEGORY_KEYS = Object.keys(CATEGORIES);

const pick = <T>(client: Client, list: readonly T[]): T => list[Math.floor(client.random() * list.length)] as T;
const randomGoods = (client: Client, population: Population) => 1 + Math.floor(client.random() * population.goodsCount);

/** One of the client's own goods: bulk-load gives users[i] the goods whose id g has (g - 1) mod n = i. */
function ownGoods(client: Client, population: Population): number {
  const n = population.users.length;
  const owned = Math.floor((population.goodsCount - 1 - client.index) / n) + 1;
  return 1 + client.index + n * Math.floor(client.random() * owned);
}

function listPath(client: Client): string {
  const roll = client.random();
  const page = roll < 0.6 ? 1 : 1 + Math.floor(client.random() * 5);
  const category = roll > 0.7 ? `&category=${pick(client, CATEGORY_KEYS)}` : "";
  return `/api/goods/getlist?page=${page}&sort=${pick(client, SORTS)}${category}`;
}

/** What the traffic of a second-hand marketplace is made of, in percent of requests. */
export const MIX: Kind[] = [
  { name: "list", weight: 25, call: (c) => ({ method: "GET", path: listPath(c) }) },
  { name: "detail", weight: 25, call: (c, p) => ({ method: "GET", path: `/api/goods/info/${randomGoods(c, p)}` }) },
  {
    name: "search",
    weight: 13.5,
    call: (c) => ({ method: "GET", path: `/api/goods/search/list?keyword=${encodeURIComponent(pick(c, KEYWORDS))}` }),
  },
  {
    name: "comments of goods",
    weight: 5,
    call: (c, p) => ({ method: "GET", path: `/api/goodscomment/getlist/${randomGoods(c, p)}` }),
  },
  {
    name: "fav/ids (hearts of a page)",
    weight: 6,
    call: (c, p) => {
      const ids = Array.from({ length: 20 }, () => randomGoods(c, p));
      return { method: "GET", path: `/api/fav/ids?goodsIds=${ids.join(",")}`, signedIn: true };
    },
  },
  { name: "my favourites", weight: 4, call: () => ({ method: "GET", path: "/api/fav", signedIn: true }) },
  { name: "my goods", weight: 4, call: () => ({ method: "GET", path: "/api/goods/getmylist", signedIn: true }) },
  { name: "chat list", weight: 4, call: () => ({ method: "GET", path: "/api/mychatlist/getlist", signedIn: true }) },
  { name: "unread badge", weight: 3, call: () => ({ method: "GET", path: "/api/mychatlist/unread", signedIn: true }) },
  { name: "my profile", weight: 2, call: () => ({ method: "GET", path: "/api/user/getinfo", signedIn: true }) },
  {
    name: "favourite / unfavourite",
    weight: 3,
    call: (c, p) => {
      const goodsId = c.favorites.pop();
      if (goodsId !== undefined) return { method: "DELETE", path: `/api/fav/${goodsId}`, signedIn: true };
      let candidate = randomGoods(c, p);
      while (p.sellerOf(candidate) === c.user.id) candidate = randomGoods(c, p);
      if (c.random() < 0.5) c.favorites.push(candidate);
      return { method: "POST", path: "/api/fav", body: { goodsId: String(candidate) }, signedIn: true };
    },
  },
  {
    name: "comment",
    weight: 2,
    call: (c, p) => ({
      method: "POST",
      path: "/api/goodscomment",
      body: { goodsId: String(randomGoods(c, p)), content: "还在吗？能便宜点吗？" },
      signedIn: true,
    }),
  },
  {
    name: "post goods",
    weight: 1,
    call: (c) => ({
      method: "POST",
      path: "/api/goods",
      body: {
        title: `九成新 闲置${pick(c, ["相机", "自行车", "沙发", "耳机"])} ${c.index}`,
        description: "功能完好，无拆无修，同城可以当面交易",
        priceCents: 1000 + Math.floor(c.random() * 100_000),
        category: pick(c, CATEGORY_KEYS),
        condition: "good",
        location: "上海 东区",
      },
      signedIn: true,
    }),
  },
  {
    name: "edit own goods",
    weight: 2,
    call: (c, p) => ({
      method: "PUT",
      path: `/api/goods/${ownGoods(c, p)}`,
      body: { priceCents: 1000 + Math.floor(c.random() * 100_000) },
      signedIn: true,
    }),
  },
  {
    name: "sign in",
    weight: 0.5,
    call: (c) => ({
      method: "POST",
      path: "/api/user/login/username",
      body: { username: c.user.username, password: BENCH_PASSWORD },
    }),
  },
];

export function drawKind(client: Client): Kind {
  let roll = client.random() * MIX.reduce((sum, kind) => sum + kind.weight, 0);
  for (const kind of MIX) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return MIX[0] as Kind;
}

export function createClients(population: Population, count: number): Client[] {
  return population.users.slice(0, count).map((user, index) => ({
    index,
    user,
    token: user.token,
    random: seededRandom(1000 + index),
    favorites: [],
  }));
}

export interface Answer {
  status: number;
  body: Buffer;
  contentType: string;
}

/** One request over a kept-alive socket; no compression asked for, as in the HTTP benchmark. */
export function send(agent: http.Agent, base: string, call: Call, token: string): Promise<Answer> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: http.OutgoingHttpHeaders = { "accept-encoding": "identity" };
  if (call.signedIn) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(body);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${call.path}`, { method: call.method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          contentType: String(response.headers["content-type"] ?? ""),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const SUCCESS = Buffer.from('{"code":200');

/** A success as a client sees it: HTTP 2xx and the envelope's code 200. */
export function succeeded(answer: Answer): boolean {
  return answer.status < 300 && answer.body.subarray(0, SUCCESS.length).equals(SUCCESS);
}

/** Each kind's latencies in ms, and how many answers failed. */
export interface RunLatencies {
  byKind: Map<string, number[]>;
  failures: Map<string, number>;
  requests: number;
  seconds: number;
}

export interface Target {
  url: string;
  /** The raw server: every kind goes to its one recorded path. */
  fixedPathOf?: (kind: Kind) => string;
}

/** All clients for `seconds`, each waiting 0 to 2 × thinkMs (uniform) before its first request and between requests. */
export async function runClients(
  target: Target,
  clients: Client[],
  population: Population,
  seconds: number,
  thinkMs: number,
): Promise<RunLatencies> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });
  const byKind = new Map<string, number[]>(MIX.map((kind) => [kind.name, []]));
  const failures = new Map<string, number>(MIX.map((kind) => [kind.name, 0]));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let requests = 0;
  const think = (client: Client) => new Promise((resolve) => setTimeout(resolve, client.random() * 2 * thinkMs));
  const loop = async (client: Client) => {
    // Clients join at random times too: started all at once, 200 requests land in the same instant
    // at every run's start, a burst this traffic never has again (and the event-loop delay shows it).
    if (thinkMs > 0) await think(client);
    while (performance.now() < deadline) {
      const kind = drawKind(client);
      const call = kind.call(client, population);
      const fixed = target.fixedPathOf?.(kind);
      const sentAt = performance.now();
      const answer = await send(agent, target.url, fixed ? { ...call, path: fixed } : call, client.token).catch(
        () => null,
      );
      byKind.get(kind.name)?.push(performance.now() - sentAt);
      requests++;
      if (!answer || !succeeded(answer)) failures.set(kind.name, (failures.get(kind.name) ?? 0) + 1);
      else if (kind.name === "sign in" && !fixed) client.token = JSON.parse(answer.body.toString()).data.token;
      if (thinkMs > 0) await think(client);
    }
  };
  await Promise.all(clients.map(loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { byKind, failures, requests, seconds: elapsed };
}
