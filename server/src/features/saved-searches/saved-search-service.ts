import {
  DiscoveryLimits,
  type RenameSavedSearchBody,
  type SavedSearch,
  type SaveSearchBody,
  type SearchCriteria,
} from "@xianzhi/contract";
import { lockUser } from "../../db/user-lock.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import * as repo from "./saved-search-repository.js";
import { criteriaText } from "./search-criteria.js";

function toSavedSearch(row: repo.SavedSearchRow): SavedSearch {
  return {
    id: String(row.id),
    name: row.name,
    criteria: JSON.parse(row.criteria) as SearchCriteria,
    createdAt: row.createdAt,
    notifiedAt: row.notifiedAt,
  };
}

/**
 * Keeps a search for its owner, who is then told of new goods matching it. At most
 * `savedSearchesMax` each, counted under a lock on the user so two saved at once cannot pass it.
 */
export async function saveSearch({ db }: Deps<"db">, userId: number, body: SaveSearchBody): Promise<SavedSearch> {
  const { name, ...criteria } = body;
  return db.transaction().execute(async (tx) => {
    await lockUser(tx, userId);
    if ((await repo.countSavedSearches(tx, userId)) >= DiscoveryLimits.savedSearchesMax) {
      throw appError("SAVED_SEARCHES_FULL");
    }
    const row = await repo.insertSavedSearch(tx, {
      userId,
      name: name ?? [...criteria.keyword].slice(0, DiscoveryLimits.savedSearchNameMax).join(""),
      criteria: criteriaText(criteria),
      createdAt: nowIso(),
    });
    if (!row) throw appError("SEARCH_ALREADY_SAVED");
    return toSavedSearch(row);
  });
}

export async function savedSearches({ db }: Deps<"db">, userId: number): Promise<SavedSearch[]> {
  return (await repo.savedSearchesOf(db, userId)).map(toSavedSearch);
}

export async function renameSavedSearch(
  { db }: Deps<"db">,
  userId: number,
  id: number,
  body: RenameSavedSearchBody,
): Promise<SavedSearch> {
  const row = await repo.renameSavedSearch(db, userId, id, body.name);
  if (!row) throw appError("SAVED_SEARCH_NOT_FOUND");
  return toSavedSearch(row);
}

export async function deleteSavedSearch({ db }: Deps<"db">, userId: number, id: number): Promise<null> {
  if (!(await repo.deleteSavedSearch(db, userId, id))) throw appError("SAVED_SEARCH_NOT_FOUND");
  return null;
}
