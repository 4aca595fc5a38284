import type {
  AuthResult,
  Captcha,
  CaptchaTicket,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmCaptchaBody,
  ConfirmEmailBody,
  DeleteAccountBody,
  DeniedDevice,
  DenyDeviceBody,
  EmailTicket,
  LoginByEmailBody,
  LoginByUsernameBody,
  RegisterBody,
  ResetPasswordBody,
  SendEmailCodeBody,
  UpdateProfileBody,
  UserInfo,
} from "@xianzhi/contract";
import { api } from "../../app/api";

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginByUsername: build.mutation<AuthResult, LoginByUsernameBody>({
      query: (body) => ({ url: "/user/login/username", method: "POST", body }),
    }),
    loginByEmail: build.mutation<AuthResult, LoginByEmailBody>({
      query: (body) => ({ url: "/user/login/email", method: "POST", body }),
    }),
    register: build.mutation<AuthResult, RegisterBody>({
      query: (body) => ({ url: "/user/reg", method: "POST", body }),
    }),
    captcha: build.query<Captcha, number>({
      // The argument only makes each refresh a new request.
      query: () => "/com/captcha",
      keepUnusedDataFor: 0,
    }),
    confirmCaptcha: build.mutation<CaptchaTicket, ConfirmCaptchaBody>({
      query: (body) => ({ url: "/com/confirmcaptcha", method: "POST", body }),
    }),
    sendEmailCode: build.mutation<null, SendEmailCodeBody>({
      query: (body) => ({ url: "/com/email", method: "POST", body }),
    }),
    confirmEmailCode: build.mutation<EmailTicket, ConfirmEmailBody>({
      query: (body) => ({ url: "/com/confirmemail", method: "POST", body }),
    }),
    me: build.query<UserInfo, void>({
      query: () => "/user/getinfo",
      providesTags: ["Me"],
    }),
    updateProfile: build.mutation<UserInfo, UpdateProfileBody>({
      query: (body) => ({ url: "/user/userinfo", method: "PUT", body }),
      // The user's own page shows the new name, avatar and bio at once.
      invalidatesTags: (result) => ["Me", ...(result ? [{ type: "Seller" as const, id: result.id }] : [])],
    }),
    changeEmail: build.mutation<UserInfo, ChangeEmailBody>({
      query: (body) => ({ url: "/user/email", method: "PUT", body }),
      invalidatesTags: ["Me"],
    }),
    changePassword: build.mutation<null, ChangePasswordBody>({
      query: (body) => ({ url: "/user/password", method: "PUT", body }),
      // Every other device is signed out by it.
      invalidatesTags: ["Sessions"],
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: "/user/logout", method: "POST" }),
    }),
    deleteAccount: build.mutation<null, DeleteAccountBody>({
      query: (body) => ({ url: "/user/delete", method: "POST", body }),
    }),
    resetPassword: build.mutation<null, ResetPasswordBody>({
      query: (body) => ({ url: "/user/password/reset", method: "POST", body }),
    }),
    denyDevice: build.mutation<DeniedDevice, DenyDeviceBody>({
      query: (body) => ({ url: "/user/device-alerts/deny", method: "POST", body }),
    }),
  }),
});

export const {
  useLoginByUsernameMutation,
  useDenyDeviceMutation,
  useLoginByEmailMutation,
  useRegisterMutation,
  useCaptchaQuery,
  useConfirmCaptchaMutation,
  useSendEmailCodeMutation,
  useConfirmEmailCodeMutation,
  useMeQuery,
  useUpdateProfileMutation,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useDeleteAccountMutation,
} = accountsApi;
