import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedTo, insertUsersBeforeMigration } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0043-passkeys"));
});
afterAll(() => close());

describe("migration 0044, known devices", () => {
  it("remembers the devices of the sessions live before it, each on its own network only", async () => {
    const [ann, bob] = await insertUsersBeforeMigration(db, ["ann", "bob"]);
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const before = new Date(Date.now() - 86_400_000).toISOString();
    await sql`INSERT INTO sessions (user_id, token_hash, created_at, expires_at, user_agent, ip) VALUES
      (${ann}, 'a1', ${at}, ${later}, 'Phone/1', '203.0.113.7'),
      (${ann}, 'a2', ${at}, ${later}, 'Phone/1', '203.0.113.9'),
      (${ann}, 'a3', ${at}, ${later}, 'Laptop/2', '198.51.100.20'),
      (${bob}, 'b1', ${at}, ${before}, 'Phone/1', '203.0.113.7')`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("knownDevices")
      .select(["userId", "userAgent", "network", "bound"])
      .orderBy("userAgent", "desc")
      .execute();
    // One row per device and network; bob's session had ended, so he has none.
    expect(rows).toEqual([
      { userId: ann, userAgent: "Phone/1", network: "203.0.113.*", bound: 1 },
      { userId: ann, userAgent: "Laptop/2", network: "198.51.100.*", bound: 1 },
    ]);
  });
});
