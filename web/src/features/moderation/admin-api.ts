import type {
  AccountRecoveryBody,
  Goods,
  ModerationActionBody,
  ModerationContext,
  ModerationLogEntry,
  Page,
  ReconciliationList,
  ReportQueueItem,
  ReportQueueSort,
  ReportTarget,
  WordRule,
  WordRuleAction,
  WordRuleBody,
} from "@xianzhi/contract";
import { api } from "../../app/api";

export interface TargetKey {
  targetType: ReportTarget;
  targetId: string;
}

const targetUrl = ({ targetType, targetId }: TargetKey) => `/admin/targets/${targetType}/${targetId}`;

/** The moderation console's calls; an action refreshes the queues, the log and the goods it touched. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportQueue: build.query<Page<ReportQueueItem>, { sort: ReportQueueSort; page: number }>({
      query: ({ sort, page }) => ({ url: "/admin/reports", params: { sort, page, pageSize: 20 } }),
      providesTags: ["Moderation"],
    }),
    reviewQueue: build.query<Page<Goods>, number>({
      query: (page) => ({ url: "/admin/review", params: { page, pageSize: 20 } }),
      providesTags: ["Moderation"],
    }),
    moderationContext: build.query<ModerationContext, TargetKey>({
      query: targetUrl,
      providesTags: ["Moderation"],
    }),
    moderate: build.mutation<ModerationLogEntry, TargetKey & { body: ModerationActionBody }>({
      query: ({ body, ...target }) => ({ url: `${targetUrl(target)}/actions`, method: "POST", body }),
      invalidatesTags: (_result, _error, { targetType, targetId }) => [
        "Moderation",
        "GoodsList",
        ...(targetType === "goods" ? [{ type: "Goods" as const, id: targetId }] : []),
      ],
    }),
    recoverAccount: build.mutation<ModerationLogEntry, AccountRecoveryBody>({
      query: (body) => ({ url: "/admin/account-recovery", method: "POST", body }),
      // Written to the audit log (记录) once done; not when the server asked for 身份验证 first.
      invalidatesTags: (result) => (result ? ["Moderation"] : []),
    }),
    moderationLog: build.query<Page<ModerationLogEntry>, number>({
      query: (page) => ({ url: "/admin/log", params: { page, pageSize: 20 } }),
      providesTags: ["Moderation"],
    }),
    wordRules: build.query<WordRule[], void>({
      query: () => "/admin/word-rules",
      providesTags: ["WordRules"],
    }),
    addWordRule: build.mutation<WordRule, WordRuleBody>({
      query: (body) => ({ url: "/admin/word-rules", method: "POST", body }),
      invalidatesTags: ["WordRules"],
    }),
    setWordRuleAction: build.mutation<WordRule, { id: string; action: WordRuleAction }>({
      query: ({ id, action }) => ({ url: `/admin/word-rules/${id}`, method: "PUT", body: { action } }),
      invalidatesTags: ["WordRules"],
    }),
    removeWordRule: build.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/word-rules/${id}`, method: "DELETE" }),
      invalidatesTags: ["WordRules"],
    }),
    /** 对账: the reconciled days, newest first (no action of the console changes them). */
    reconciliations: build.query<ReconciliationList, void>({
      query: () => "/admin/reconciliations",
    }),
  }),
});

export const {
  useReportQueueQuery,
  useReviewQueueQuery,
  useModerationContextQuery,
  useModerateMutation,
  useModerationLogQuery,
  useRecoverAccountMutation,
  useWordRulesQuery,
  useAddWordRuleMutation,
  useSetWordRuleActionMutation,
  useRemoveWordRuleMutation,
  useReconciliationsQuery,
} = adminApi;
