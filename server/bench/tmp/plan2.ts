import SqliteDatabase from "better-sqlite3";
import { populate } from "../bench-users.js";
import { fillSqlite } from "../bulk-load.js";

const file = "/tmp/plan-check/x.db";
await fillSqlite(file, 20000);
const p = await populate(
  { sqliteFile: file },
  { users: 100, goodsCount: 20000, favoritesPerUser: 0, heavyFavorites: 10000 },
);
const db = new SqliteDatabase(file);
const uid = p.heavyFan.id;
const qs = [
  `select goods_id from favorites where user_id = ${uid} order by created_at desc, goods_id desc limit 20 offset 0`,
  `select goods_id from favorites where user_id = ${uid} order by created_at desc, goods_id desc limit 20 offset 9980`,
  `select count(*) from favorites where user_id = ${uid}`,
];
const show = () => {
  for (const q of qs) {
    console.log(
      db
        .prepare("EXPLAIN QUERY PLAN " + q)
        .all()
        .map((r: any) => r.detail)
        .join(" | "),
    );
    const t = performance.now();
    for (let i = 0; i < 50; i++) db.prepare(q).all();
    console.log("  ", ((performance.now() - t) / 50).toFixed(3), "ms");
  }
};
show();
db.exec("CREATE INDEX favorites_user_newest ON favorites (user_id, created_at, goods_id)");
db.exec("ANALYZE");
console.log("with (user_id, created_at, goods_id)");
show();
