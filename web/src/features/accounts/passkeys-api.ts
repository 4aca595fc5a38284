import type {
  AddPasskeyBody,
  AuthResult,
  Passkey,
  PasskeyAnswerBody,
  PasskeyLoginOptionsBody,
  PasskeyOnlyBody,
  Passkeys,
  WebAuthnOptions,
} from "@xianzhi/contract";
import { api } from "../../app/api";

/**
 * 通行密钥: the list in 账号安全 and the calls of each ceremony. A new passkey joins the list at
 * once; removing one and switching 仅通行密钥登录 show at once and are put back if the server
 * refuses. The list is read again after each, as the server has it.
 */
export const passkeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    passkeys: build.query<Passkeys, void>({
      query: () => "/user/passkeys",
      providesTags: ["Passkeys"],
    }),
    newPasskeyOptions: build.mutation<WebAuthnOptions, void>({
      query: () => ({ url: "/user/passkeys/options", method: "POST" }),
    }),
    addPasskey: build.mutation<Passkey, AddPasskeyBody>({
      query: (body) => ({ url: "/user/passkeys", method: "POST", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          passkeysApi.util.updateQueryData("passkeys", undefined, (list) => {
            list.passkeys = [data, ...list.passkeys.filter((key) => key.id !== data.id)];
          }),
        );
      },
      // The second check is the passkey now.
      invalidatesTags: (result) => (result ? ["Passkeys"] : []),
    }),
    removePasskey: build.mutation<null, number>({
      query: (id) => ({ url: `/user/passkeys/${id}`, method: "DELETE" }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          passkeysApi.util.updateQueryData("passkeys", undefined, (list) => {
            list.passkeys = list.passkeys.filter((key) => key.id !== id);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ["Passkeys"],
    }),
    setPasskeyOnly: build.mutation<Passkeys, PasskeyOnlyBody>({
      query: (body) => ({ url: "/user/passkey-only", method: "PUT", body }),
      async onQueryStarted({ on }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          passkeysApi.util.updateQueryData("passkeys", undefined, (list) => {
            list.passkeyOnly = on;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ["Passkeys"],
    }),
    passkeyLoginOptions: build.mutation<WebAuthnOptions, PasskeyLoginOptionsBody>({
      query: (body) => ({ url: "/user/login/passkey/options", method: "POST", body }),
    }),
    loginWithPasskey: build.mutation<AuthResult, PasskeyAnswerBody>({
      query: (body) => ({ url: "/user/login/passkey", method: "POST", body }),
    }),
    proofPasskeyOptions: build.mutation<WebAuthnOptions, void>({
      query: () => ({ url: "/user/proof/passkey-options", method: "POST" }),
    }),
  }),
});

export const {
  usePasskeysQuery,
  useNewPasskeyOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useSetPasskeyOnlyMutation,
  usePasskeyLoginOptionsMutation,
  useLoginWithPasskeyMutation,
  useProofPasskeyOptionsMutation,
} = passkeysApi;
