import { type Kysely, sql } from "kysely";

/**
 * Avatars are now only the user's own uploads: an address anywhere else would tell its host who
 * looks at the user's page. Avatars saved before the rule that point elsewhere are cleared, so
 * nobody's page keeps calling out and the profile form, which sends the avatar back, still saves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE users SET avatar_url = NULL
    WHERE avatar_url IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM pictures
        WHERE pictures.owner_id = users.id
          AND users.avatar_url IN ('/files/' || pictures.file_id || '.webp', '/files/' || pictures.file_id || '-thumb.webp')
      )`.execute(db);
}

/** Nothing to undo: the cleared addresses are not kept. */
export async function down(): Promise<void> {}
