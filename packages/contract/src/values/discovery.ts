/** Follows and saved searches: plain values, free of schemas. */
export const DiscoveryLimits = {
  /** Saved searches one user may keep. */
  savedSearchesMax: 20,
  savedSearchNameMax: 20,
  /** A saved search tells of new matches at most once in this many minutes. */
  savedSearchNoticeMinutes: 60,
  /** Suggestions offered while typing a search. */
  suggestionsMax: 8,
} as const;
