import { createApi } from "@reduxjs/toolkit/query/react";
import { envelopeBaseQuery } from "./base-query";
import { UI } from "./constants";

/** The one API of the app; each feature injects its endpoints. */
export const api = createApi({
  reducerPath: "api",
  baseQuery: envelopeBaseQuery,
  tagTypes: [
    "Me",
    "Sessions",
    "TwoStep",
    "Passkeys",
    "Goods",
    "GoodsList",
    "MyGoods",
    "Comments",
    "Favorites",
    "Chats",
    "ChatTrade",
    "Deals",
    "Seller",
    "Reviews",
    "Notifications",
    "Follows",
    "SavedSearches",
    "Moderation",
    "WordRules",
    "Blocks",
  ],
  keepUnusedDataFor: UI.cacheUnusedSeconds,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
