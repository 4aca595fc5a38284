import type { RenameSavedSearchBody, SavedSearch, SaveSearchBody } from "@xianzhi/contract";
import { api } from "../../app/api";

/** The user's saved searches: kept from the search page, listed, renamed and deleted in the personal centre. */
export const savedSearchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedSearches: build.query<SavedSearch[], void>({
      query: () => "/saved-searches",
      providesTags: ["SavedSearches"],
    }),
    saveSearch: build.mutation<SavedSearch, SaveSearchBody>({
      query: (body) => ({ url: "/saved-searches", method: "POST", body }),
      invalidatesTags: ["SavedSearches"],
    }),
    renameSavedSearch: build.mutation<SavedSearch, { id: string } & RenameSavedSearchBody>({
      query: ({ id, name }) => ({ url: `/saved-searches/${id}`, method: "PUT", body: { name } }),
      invalidatesTags: ["SavedSearches"],
    }),
    deleteSavedSearch: build.mutation<unknown, string>({
      query: (id) => ({ url: `/saved-searches/${id}`, method: "DELETE" }),
      invalidatesTags: ["SavedSearches"],
    }),
  }),
});

export const {
  useSavedSearchesQuery,
  useSaveSearchMutation,
  useRenameSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = savedSearchesApi;
