import type { ChatTrade, CreateOfferBody, Deal, Offer } from "@xianzhi/contract";
import { api } from "../../app/api";
import type { AppDispatch } from "../../app/store";
import { applyDeal, applyOffer, dealChangedTags } from "./chat-trade";
import { feedFromSocket } from "./socket-fed-entry";

type OfferAnswer = "accept" | "decline" | "withdraw";

/**
 * Offers and deals in a chat. A chat's trade is one cache entry (its offer cards and header read
 * it), kept current by the socket's `offer` and `deal` frames and by the answers to what the user
 * does here, whichever arrives first; after a reconnect it is read again (frames may have been lost).
 */
export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    chatTrade: build.query<ChatTrade, string>({
      query: (chatId) => ({ url: "/offers", params: { chatId } }),
      providesTags: (_result, _error, chatId) => [{ type: "ChatTrade", id: chatId }],
      onCacheEntryAdded: (chatId, entry) =>
        feedFromSocket(
          entry,
          (event) => {
            if (event.kind === "offer" && event.offer.chatId === chatId)
              return (trade) => applyOffer(trade, event.offer);
            if (event.kind === "deal" && event.deal.chatId === chatId) return (trade) => applyDeal(trade, event.deal);
            return undefined;
          },
          () => {
            entry.dispatch(api.util.invalidateTags([{ type: "ChatTrade", id: chatId }]));
            return undefined;
          },
        ),
    }),
    /** The server opens the buyer's chat with the seller when needed; the offer says which. */
    createOffer: build.mutation<Offer, CreateOfferBody>({
      query: (body) => ({ url: "/offers", method: "POST", body }),
      invalidatesTags: ["Chats"],
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => patchOfferWhenDone(dispatch, queryFulfilled),
    }),
    answerOffer: build.mutation<Offer, { offerId: string; answer: OfferAnswer }>({
      query: ({ offerId, answer }) => ({ url: `/offers/${offerId}/${answer}`, method: "POST" }),
      // Accepting starts a deal: the goods are reserved and the chat's header shows it.
      invalidatesTags: (offer, _error, { answer }) =>
        offer && answer === "accept" ? [{ type: "ChatTrade", id: offer.chatId }, ...dealChangedTags(offer)] : [],
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => patchOfferWhenDone(dispatch, queryFulfilled),
    }),
    counterOffer: build.mutation<Offer, { offerId: string; amountCents: number }>({
      query: ({ offerId, amountCents }) => ({
        url: `/offers/${offerId}/counter`,
        method: "POST",
        body: { amountCents },
      }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => patchOfferWhenDone(dispatch, queryFulfilled),
    }),
    /** The seller completes a deal (the goods are sold) or either side cancels it (back on sale). */
    endDeal: build.mutation<Deal, { dealId: string; end: "complete" | "cancel" }>({
      query: ({ dealId, end }) => ({ url: `/deals/${dealId}/${end}`, method: "POST" }),
      invalidatesTags: (deal) => (deal ? dealChangedTags(deal) : []),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data: deal } = await queryFulfilled.catch(() => ({ data: null }));
        if (deal) dispatch(offersApi.util.updateQueryData("chatTrade", deal.chatId, (trade) => applyDeal(trade, deal)));
      },
    }),
  }),
});

/** The offer the server answered with, into its chat's trade (if that chat is in the cache). */
async function patchOfferWhenDone(dispatch: AppDispatch, queryFulfilled: Promise<{ data: Offer }>) {
  const { data: offer } = await queryFulfilled.catch(() => ({ data: null }));
  if (offer) dispatch(offersApi.util.updateQueryData("chatTrade", offer.chatId, (trade) => applyOffer(trade, offer)));
}

export const {
  useChatTradeQuery,
  useCreateOfferMutation,
  useAnswerOfferMutation,
  useCounterOfferMutation,
  useEndDealMutation,
} = offersApi;
