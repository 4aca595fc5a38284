import type { CreateCommentBody, GoodsComment } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import { api } from "../../app/api";

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    comments: build.query<Page<GoodsComment>, { goodsId: string; page: number }>({
      query: ({ goodsId, page }) => ({ url: `/goodscomment/getlist/${goodsId}`, params: { page, pageSize: 20 } }),
      providesTags: (_result, _error, { goodsId }) => [{ type: "Comments", id: goodsId }],
    }),
    addComment: build.mutation<GoodsComment, CreateCommentBody>({
      query: (body) => ({ url: "/goodscomment/", method: "POST", body }),
      invalidatesTags: (_result, _error, { goodsId }) => [
        { type: "Comments", id: goodsId },
        { type: "Goods", id: goodsId },
      ],
    }),
  }),
});

export const { useCommentsQuery, useAddCommentMutation } = commentsApi;
