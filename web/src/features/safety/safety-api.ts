import type { BlockedUser, CreateReportBody, Report } from "@xianzhi/contract";
import { api } from "../../app/api";

/** Reports for the moderators, and the users the caller has blocked. */
export const safetyApi = api.injectEndpoints({
  endpoints: (build) => ({
    report: build.mutation<Report, CreateReportBody>({
      query: (body) => ({ url: "/reports", method: "POST", body }),
    }),
    blockedUsers: build.query<BlockedUser[], void>({
      query: () => "/blocks",
      providesTags: ["Blocks"],
    }),
    // Both answer the list after the change; the feeds and searches leave out (or bring back) their goods.
    block: build.mutation<BlockedUser[], string>({
      query: (userId) => ({ url: "/blocks", method: "POST", body: { userId } }),
      onQueryStarted: setListWhenAnswered,
      invalidatesTags: ["GoodsList"],
    }),
    unblock: build.mutation<BlockedUser[], string>({
      query: (userId) => ({ url: `/blocks/${userId}`, method: "DELETE" }),
      onQueryStarted: setListWhenAnswered,
      invalidatesTags: ["GoodsList"],
    }),
  }),
});

async function setListWhenAnswered(
  _userId: string,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: BlockedUser[] }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(safetyApi.util.upsertQueryData("blockedUsers", undefined, data));
  } catch {
    // The caller tells the refusal.
  }
}

export const { useReportMutation, useBlockedUsersQuery, useBlockMutation, useUnblockMutation } = safetyApi;
