import fs from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url + "/../../../");
let pg;
try {
  pg = require("pg");
} catch {
  pg = createRequire("/work/wt/mixed/server/package.json")("pg");
}
const stats = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === "string" ? config : config?.text;
  const t = performance.now();
  const rec = () => {
    const d = performance.now() - t;
    let s = stats.get(text);
    if (!s) {
      s = { n: 0, total: 0, max: 0 };
      stats.set(text, s);
    }
    s.n++;
    s.total += d;
    if (d > s.max) s.max = d;
  };
  const r = orig.call(this, config, values, cb);
  if (r && typeof r.then === "function") r.then(rec, rec);
  return r;
};
const poolWait = { n: 0, total: 0, max: 0 };
const origConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (cb) {
  const t = performance.now();
  const r = origConnect.call(this, cb);
  if (r && typeof r.then === "function")
    r.then(
      () => {
        const d = performance.now() - t;
        poolWait.n++;
        poolWait.total += d;
        if (d > poolWait.max) poolWait.max = d;
      },
      () => {},
    );
  return r;
};
process.on("exit", () => {
  if (stats.size === 0) return;
  const rows = [...stats.entries()].sort((a, b) => b[1].total - a[1].total).slice(0, 30);
  fs.writeFileSync(
    `/tmp/pg-timing-${process.pid}.txt`,
    `pool wait n=${poolWait.n} mean=${(poolWait.total / poolWait.n).toFixed(1)} max=${poolWait.max.toFixed(0)}\n` +
      rows
        .map(
          ([sql, s]) =>
            `${s.total.toFixed(0)}ms n=${s.n} mean=${(s.total / s.n).toFixed(2)} max=${s.max.toFixed(1)} :: ${String(sql).replace(/\s+/g, " ").slice(0, 300)}`,
        )
        .join("\n"),
  );
});
