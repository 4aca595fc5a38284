// The accounts feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export type { CurrentUser } from "./account-service.js";
export { sendEmailCode } from "./email-code-service.js";
export { accountRecoveredNotice } from "./email-notices.js";
export { requireFreshProof } from "./identity-proof.js";
export { deletePasskeysOf, endPasskeyOnly } from "./passkey-repository.js";
export { accountRoutes } from "./routes.js";
export { noteSessionUse } from "./session-devices.js";
export type { SessionClient, SessionKey } from "./session-repository.js";
export {
  deleteSessionsOfUser,
  findLiveSession,
  insertSession,
  liveSessionIds,
  liveSessionOf,
} from "./session-repository.js";
export { toPublicUser, toUserInfo } from "./user-mapper.js";
export {
  findOpenUserById,
  findUserById,
  findUserByUsername,
  insertUser,
  isClosedAccount,
  updateUser,
} from "./user-repository.js";
export { purgeExpired } from "./verification-repository.js";
