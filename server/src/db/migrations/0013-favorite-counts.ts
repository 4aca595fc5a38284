import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

/** What a favourite added or removed does to its user's count, whichever way it goes (goods deleted too). */
const COUNT_CHANGES = {
  favorites_count_added: {
    event: "INSERT",
    change: "UPDATE users SET favorite_count = favorite_count + 1 WHERE id = NEW.user_id;",
  },
  favorites_count_removed: {
    event: "DELETE",
    change: "UPDATE users SET favorite_count = favorite_count - 1 WHERE id = OLD.user_id;",
  },
};

/**
 * Each user's number of favourites, kept by the database: a favourites page reads it off the user's
 * row instead of counting the user's favourites, so a user keeping 10,000 costs what one keeping
 * ten does, and a page past the middle can be read from the oldest end of the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("favorite_count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE users SET favorite_count = (SELECT COUNT(*) FROM favorites WHERE favorites.user_id = users.id)`.execute(
    db,
  );
  for (const [name, { event, change }] of Object.entries(COUNT_CHANGES)) {
    if (dialectOf(db) === "sqlite") {
      await sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON favorites BEGIN ${sql.raw(change)} END`.execute(
        db,
      );
    } else {
      await sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${sql.raw(change)} RETURN NULL; END $$`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON favorites
        FOR EACH ROW EXECUTE FUNCTION ${sql.raw(name)}()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(COUNT_CHANGES)) {
    if (dialectOf(db) === "sqlite") await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
    else {
      await sql`DROP TRIGGER ${sql.raw(name)} ON favorites`.execute(db);
      await sql`DROP FUNCTION ${sql.raw(name)}()`.execute(db);
    }
  }
  await db.schema.alterTable("users").dropColumn("favorite_count").execute();
}
