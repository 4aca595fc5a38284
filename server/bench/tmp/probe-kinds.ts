import http from "node:http";
import { performance } from "node:perf_hooks";
import { type BenchDatabase, withBenchDatabase } from "../bench-databases.js";
import { startProductServer } from "../bench-servers.js";
import { populate } from "../bench-users.js";
import { createClients, MIX, send } from "../mixed-load.js";

const COUNT = Number(process.env.BENCH_GOODS ?? 20000);
const name = (process.env.DB ?? "SQLite") as BenchDatabase;
await withBenchDatabase(name, "probe", { count: COUNT, logLevel: "warn" }, async (database) => {
  const population = await populate(database.target, {
    users: 1000,
    goodsCount: COUNT,
    favoritesPerUser: 20,
    heavyFavorites: 0,
  });
  const clients = createClients(population, 50);
  const product = await startProductServer(database.productEnv);
  const agent = new http.Agent({ keepAlive: true });
  try {
    const n = population.users.length;
    for (const client of createClients(population, 200))
      for (const k of [1, 2]) {
        const peerIndex = (client.index + k * 37) % n;
        const peer = population.users[peerIndex]!;
        await send(
          agent,
          product.url,
          {
            method: "POST",
            path: "/api/mychatlist/create",
            body: { peerId: String(peer.id), goodsId: String(peerIndex + n) },
            signedIn: true,
          },
          client.token,
        );
      }
    console.log("chats opened");
    for (const kind of MIX) {
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const client = clients[i % clients.length]!;
        const call = kind.call(client, population);
        const t = performance.now();
        const a = await send(agent, product.url, call, client.token);
        times.push(performance.now() - t);
        if (a.status >= 300 || !a.body.toString().startsWith('{"code":200'))
          console.log(kind.name, a.status, a.body.toString().slice(0, 200));
      }
      times.sort((a, b) => a - b);
      console.log(`${kind.name.padEnd(28)} median ${times[20]!.toFixed(1)} max ${times[39]!.toFixed(1)}`);
    }
  } finally {
    agent.destroy();
    await product.stop();
  }
});
