import type { EmailPurpose } from "@xianzhi/contract";
import { Errors } from "@xianzhi/contract/constants";
import { useRef } from "react";
import { errorText } from "../../app/api-error";
import type { FormInstance } from "../../components/kit";
import { useConfirmEmailCodeMutation } from "./accounts-api";

interface KeptTicket {
  email: string;
  emailTicket: string;
}

function isTicketError(error: unknown): boolean {
  return (error as { code?: number } | undefined)?.code === Errors.EMAIL_TICKET_INVALID.code;
}

/**
 * The end of the confirm-code flow of registration, password reset and e-mail change: the code the
 * user typed (in CaptchaAndCode's `emailCode` field) becomes the ticket the final call takes.
 * The server spends a ticket only when that call succeeds, so a failed call (a taken username, a
 * wrong password) keeps it for the next try with the same address instead of asking for a new code.
 */
export function useEmailTicket(form: FormInstance, purpose: EmailPurpose) {
  const [confirmCode, { isLoading: confirming }] = useConfirmEmailCodeMutation();
  const kept = useRef<KeptTicket | null>(null);

  const showAtCode = (error: unknown) => form.setFields([{ name: "emailCode", errors: [errorText(error)] }]);

  const ticketFor = async (email: string, code: string): Promise<string | null> => {
    if (kept.current?.email === email) return kept.current.emailTicket;
    const confirmed = await confirmCode({ email, code, purpose });
    if ("error" in confirmed) {
      showAtCode(confirmed.error);
      return null;
    }
    kept.current = { email, emailTicket: confirmed.data.emailTicket };
    return confirmed.data.emailTicket;
  };

  /**
   * Runs `call` with a ticket for the address and code; null when the code or ticket was refused
   * (said at the code field), else what the call answered, for the form to report.
   */
  const withTicket = async <Outcome extends { error?: unknown }>(
    email: string,
    code: string,
    call: (emailTicket: string) => Promise<Outcome>,
  ): Promise<Outcome | null> => {
    const emailTicket = await ticketFor(email, code);
    if (!emailTicket) return null;
    const outcome = await call(emailTicket);
    if (!outcome.error) kept.current = null;
    else if (isTicketError(outcome.error)) {
      kept.current = null;
      showAtCode(outcome.error);
      return null;
    }
    return outcome;
  };

  return { withTicket, confirming };
}
