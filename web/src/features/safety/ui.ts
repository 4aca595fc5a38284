/** The safety UI other features compose: 举报, 拉黑 / 取消拉黑, the 黑名单 and the blocked chat's notice. */
export { BlockButton } from "./block-button";
export { BlockedChatNotice, type ChatBlock, REFUSED_BY_PEER } from "./blocked-chat-notice";
export { BlockedList } from "./blocked-list";
export { ReportButton } from "./report-button";
