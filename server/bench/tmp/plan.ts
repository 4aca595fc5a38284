import SqliteDatabase from "better-sqlite3";
import { populate } from "../bench-users.js";
import { fillSqlite } from "../bulk-load.js";

const file = "/tmp/plan-check/x.db";
await fillSqlite(file, 20000);
await populate({ sqliteFile: file }, { users: 1000, goodsCount: 20000, favoritesPerUser: 20, heavyFavorites: 0 });
const db = new SqliteDatabase(file);
const q = `select goods.id, users.username from goods inner join users on users.id = goods.seller_id where goods.id in (${Array.from({ length: 20 }, (_, i) => i * 500 + 7).join(",")})`;
const show = () => {
  console.log(
    db
      .prepare("EXPLAIN QUERY PLAN " + q)
      .all()
      .map((r: any) => r.detail)
      .join(" | "),
  );
  const t = performance.now();
  for (let i = 0; i < 50; i++) db.prepare(q).all();
  console.log(((performance.now() - t) / 50).toFixed(2), "ms");
};
console.log(db.prepare("select * from sqlite_stat1 where tbl in ('users','goods')").all());
show();
db.exec("ANALYZE");
show();
