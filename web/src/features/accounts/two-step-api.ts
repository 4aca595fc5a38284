import type {
  AuthResult,
  IdentityProof,
  ProveIdentityBody,
  RecoveryCodes,
  TwoStepDisableBody,
  TwoStepEnableBody,
  TwoStepLoginBody,
  TwoStepSetup,
  TwoStepSetupBody,
  TwoStepStatus,
} from "@xianzhi/contract";
import { api } from "../../app/api";

/**
 * 两步验证: its state in 账号安全, the calls that change it, and the second step of a sign-in.
 * New recovery codes set the count shown at once (the server has just made that many); turning
 * it off shows it off at once and is put back if the server refuses. The state is read again
 * after each, as the server has it.
 */
export const twoStepApi = api.injectEndpoints({
  endpoints: (build) => ({
    twoStepStatus: build.query<TwoStepStatus, void>({
      query: () => "/user/two-step",
      providesTags: ["TwoStep"],
    }),
    setUpTwoStep: build.mutation<TwoStepSetup, TwoStepSetupBody>({
      query: (body) => ({ url: "/user/two-step/setup", method: "POST", body }),
    }),
    enableTwoStep: build.mutation<RecoveryCodes, TwoStepEnableBody>({
      query: (body) => ({ url: "/user/two-step/enable", method: "POST", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          twoStepApi.util.updateQueryData("twoStepStatus", undefined, (status) => {
            status.enabled = true;
            status.enabledAt ??= new Date().toISOString();
            status.recoveryCodesLeft = data.recoveryCodes.length;
          }),
        );
      },
      invalidatesTags: (result) => (result ? ["TwoStep"] : []),
    }),
    renewRecoveryCodes: build.mutation<RecoveryCodes, TwoStepEnableBody>({
      query: (body) => ({ url: "/user/two-step/recovery-codes", method: "POST", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          twoStepApi.util.updateQueryData("twoStepStatus", undefined, (status) => {
            status.recoveryCodesLeft = data.recoveryCodes.length;
          }),
        );
      },
      invalidatesTags: (result) => (result ? ["TwoStep"] : []),
    }),
    disableTwoStep: build.mutation<null, TwoStepDisableBody>({
      query: (body) => ({ url: "/user/two-step/disable", method: "POST", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          twoStepApi.util.updateQueryData("twoStepStatus", undefined, () => ({
            enabled: false,
            enabledAt: null,
            recoveryCodesLeft: 0,
          })),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ["TwoStep"],
    }),
    proveIdentity: build.mutation<IdentityProof, ProveIdentityBody>({
      query: (body) => ({ url: "/user/proof", method: "POST", body }),
      // A recovery code may have been spent on it, or a passkey used.
      invalidatesTags: (result) =>
        result?.method === "two_step" ? ["TwoStep"] : result?.method === "passkey" ? ["Passkeys"] : [],
    }),
    loginWithTwoStep: build.mutation<AuthResult, TwoStepLoginBody>({
      query: (body) => ({ url: "/user/login/two-step", method: "POST", body }),
    }),
  }),
});

export const {
  useTwoStepStatusQuery,
  useSetUpTwoStepMutation,
  useEnableTwoStepMutation,
  useRenewRecoveryCodesMutation,
  useDisableTwoStepMutation,
  useLoginWithTwoStepMutation,
  useProveIdentityMutation,
} = twoStepApi;
