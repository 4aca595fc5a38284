import type { FollowState } from "@xianzhi/contract";
import { api } from "../../app/api";

/** Following a seller: the button's state, and the follow and unfollow that change it. */
export const followsApi = api.injectEndpoints({
  endpoints: (build) => ({
    followState: build.query<FollowState, string>({
      query: (sellerId) => `/follows/${sellerId}`,
      providesTags: (_result, _error, sellerId) => [{ type: "Follows", id: sellerId }],
    }),
    follow: build.mutation<FollowState, string>({
      query: (sellerId) => ({ url: "/follows", method: "POST", body: { userId: sellerId } }),
      onQueryStarted: setStateWhenAnswered,
      // The seller's counts and the home's 关注 feed change with it.
      invalidatesTags: (_result, _error, sellerId) => [{ type: "Seller", id: sellerId }, "Follows"],
    }),
    unfollow: build.mutation<FollowState, string>({
      query: (sellerId) => ({ url: `/follows/${sellerId}`, method: "DELETE" }),
      onQueryStarted: setStateWhenAnswered,
      invalidatesTags: (_result, _error, sellerId) => [{ type: "Seller", id: sellerId }, "Follows"],
    }),
  }),
});

/** The answer is the new state: the button shows it before the refetch. */
async function setStateWhenAnswered(
  sellerId: string,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: FollowState }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(followsApi.util.upsertQueryData("followState", sellerId, data));
  } catch {
    // The caller tells the refusal.
  }
}

export const { useFollowStateQuery, useFollowMutation, useUnfollowMutation } = followsApi;
