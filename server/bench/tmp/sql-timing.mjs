import fs from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");
const stats = new Map();
const origPrepare = Database.prototype.prepare;
Database.prototype.prepare = function (sql) {
  const st = origPrepare.call(this, sql);
  for (const m of ["run", "all", "get"]) {
    const orig = st[m];
    st[m] = function (...args) {
      const t = performance.now();
      try {
        return orig.apply(this, args);
      } finally {
        const d = performance.now() - t;
        let s = stats.get(sql);
        if (!s) {
          s = { n: 0, total: 0, max: 0, over10: 0 };
          stats.set(sql, s);
        }
        s.n++;
        s.total += d;
        if (d > s.max) s.max = d;
        if (d > 10) s.over10++;
      }
    };
  }
  return st;
};
process.on("exit", () => {
  if (stats.size === 0) return;
  const rows = [...stats.entries()].sort((a, b) => b[1].total - a[1].total).slice(0, 30);
  fs.writeFileSync(
    `/tmp/sql-timing-${process.pid}.txt`,
    rows
      .map(
        ([sql, s]) =>
          `${s.total.toFixed(0)}ms n=${s.n} mean=${(s.total / s.n).toFixed(2)} max=${s.max.toFixed(1)} >10ms=${s.over10} :: ${sql.replace(/\s+/g, " ").slice(0, 400)}`,
      )
      .join("\n"),
  );
});
