import type { z } from "zod";
import { FieldRules } from "./fields.js";
import { hiddenCharactersMessage } from "./values/names.js";

/** Chinese names of request fields, so that a 400 reply names the field a person got wrong. */
export const FieldLabels: Record<string, string> = {
  username: "用户名",
  password: "密码",
  oldPassword: "原密码",
  newPassword: "新密码",
  email: "邮箱",
  emailTicket: "邮箱验证凭证",
  captchaId: "图形验证码编号",
  captchaTicket: "图形验证凭证",
  code: "验证码",
  twoStepTicket: "两步验证凭证",
  purpose: "验证用途",
  nickname: "昵称",
  name: "名称",
  avatarUrl: "头像地址",
  bio: "个人简介",
  page: "页码",
  id: "编号",
  goodsId: "商品编号",
  goodsIds: "商品编号",
  fileId: "图片",
  fileIds: "图片",
  title: "标题",
  description: "描述",
  priceCents: "价格",
  originalPriceCents: "原价",
  category: "分类",
  condition: "成色",
  location: "所在地",
  city: "城市",
  status: "状态",
  keyword: "关键词",
  minPrice: "最低价",
  maxPrice: "最高价",
  sort: "排序方式",
  content: "内容",
  replyToId: "回复的评论编号",
  peerId: "聊天对象",
  chatId: "会话编号",
  before: "起始消息编号",
  msgType: "消息类型",
  clientMsgId: "客户端消息编号",
  pageSize: "每页条数",
  cursor: "翻页位置",
  endpoint: "推送地址",
  keys: "推送密钥",
  p256dh: "推送公钥",
  auth: "推送认证密钥",
  pushMuted: "推送类型",
};

function labelOf(path: readonly PropertyKey[]): string {
  // Array positions ("fileIds.2") are named by their array.
  const key = String([...path].reverse().find((segment) => typeof segment === "string") ?? "");
  if (!key) return "请求参数";
  return FieldLabels[key] ?? key;
}

/**
 * Turns a zod issue into a Chinese sentence naming the field. Schemas that give their own message
 * (patterns, cross-field rules) keep it; this covers the generic cases.
 */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  const label = labelOf(issue.path ?? []);
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? `${label}不能为空` : `${label}类型错误`;
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? `${label}不能为空` : `${label}至少 ${issue.minimum} 个字符`;
      }
      if (issue.origin === "array") return `${label}至少 ${issue.minimum} 项`;
      return `${label}不能小于 ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `${label}最多 ${issue.maximum} 个字符`;
      if (issue.origin === "array") return `${label}最多 ${issue.maximum} 项`;
      return `${label}不能大于 ${issue.maximum}`;
    case "invalid_format":
      return `${label}格式不正确`;
    case "invalid_value":
      return `${label}取值无效`;
    case "custom":
      if (issue.params?.rule === FieldRules.noNul) return `${label}不能包含空字符`;
      if (issue.params?.rule === FieldRules.idRange) return `${label}格式不正确`;
      if (issue.params?.rule === FieldRules.shownName) return hiddenCharactersMessage(label);
      return `${label}不合法`;
    case "unrecognized_keys":
      return `不支持的参数：${issue.keys.join("、")}`;
    default:
      return `${label}不合法`;
  }
}

export interface FieldIssue {
  field: string;
  msg: string;
}

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ field: issue.path.join("."), msg: issue.message }));
}
