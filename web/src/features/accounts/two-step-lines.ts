import type { ProofMethod, TwoStepChallenge, TwoStepStatus } from "@xianzhi/contract";
import { Errors } from "@xianzhi/contract/constants";
import { formatTime } from "../../components/format";

/**
 * The ticket of a sign-in whose password was right and whose account asks for a second step
 * (TWO_STEP_REQUIRED); null for any other answer.
 */
export function twoStepChallengeOf(error: unknown): TwoStepChallenge | null {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: unknown };
  if (code !== Errors.TWO_STEP_REQUIRED.code) return null;
  const ticket = (data as Partial<TwoStepChallenge> | null)?.twoStepTicket;
  return typeof ticket === "string" ? (data as TwoStepChallenge) : null;
}

/** The proof the server asks for before a change of money or identity (PROOF_REQUIRED); null for any other answer. */
export function proofMethodOf(error: unknown): ProofMethod | null {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: unknown };
  if (code !== Errors.PROOF_REQUIRED.code) return null;
  const method = (data as { method?: unknown } | null)?.method;
  return method === "passkey" || method === "two_step" || method === "password" ? method : null;
}

/**
 * Sends a change of money or identity; when the server asks for 身份验证 first, asks the user for
 * it (`prove` says whether they gave it) and sends the change once more. Cancelled, the first
 * answer stands.
 */
export async function sendWithProof<R>(
  change: () => Promise<R>,
  prove: (method: ProofMethod) => Promise<boolean>,
): Promise<R> {
  const first = await change();
  const method = proofMethodOf((first as { error?: unknown }).error);
  if (!method) return first;
  return (await prove(method)) ? change() : first;
}

/** Whether the answer to a second step means the password must be typed again. */
export const needsPasswordAgain = (error: unknown) =>
  (error as { code?: unknown } | undefined)?.code === Errors.TWO_STEP_TICKET_INVALID.code;

/** The secret as the app asks it to be typed, in groups of four: "ABCD EFGH …". */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}

/** What 两步验证 in 账号安全 says of its state. */
export function twoStepSummary(status: TwoStepStatus, now = Date.now()): string {
  if (!status.enabled || !status.enabledAt) {
    return "未开启。开启后，登录时除密码外还需输入验证器 App 上的 6 位验证码，密码泄露也登不上你的账号。";
  }
  const left = status.recoveryCodesLeft > 0 ? `剩余 ${status.recoveryCodesLeft} 个恢复码` : "恢复码已用完，请重新生成";
  return `已开启（${formatTime(status.enabledAt, now)}）· ${left}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The recovery codes as a text file to keep: who they are for, how to use them, one per line. */
export function recoveryCodesFile(codes: string[], username: string, now = new Date()) {
  const made = `${dayOf(now)} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  const text = [
    "闲置 · 两步验证恢复码",
    `账号：${username}`,
    `生成时间：${made}`,
    "",
    "手机丢失或无法打开验证器时，可在登录时用一个恢复码代替验证码。",
    "每个恢复码只能使用一次；重新生成后，这些恢复码全部失效。请妥善保存，不要告诉任何人。",
    "",
    ...codes,
    "",
  ].join("\n");
  return { name: `xianzhi-recovery-codes-${dayOf(now)}.txt`, text };
}
