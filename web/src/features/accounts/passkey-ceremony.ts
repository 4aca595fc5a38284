import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { PasskeyAnswerBody, WebAuthnOptions, WebAuthnResponse } from "@xianzhi/contract";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { ceremonyErrorText } from "./passkey-lines";

/** An RTK Query call's result: its data, or its error. */
type Answer<T> = { data?: T; error?: unknown };

/** A ceremony's end: the server's answer to the device's, or what stopped it, in words. */
export type CeremonyOutcome<R> = { data: R } | { error: string };

export type CeremonyKind = "create" | "get";

/** The browser's passkey prompt: makes a new passkey (create) or answers with one (get). */
export type Device = (kind: CeremonyKind, options: WebAuthnOptions["options"]) => Promise<WebAuthnResponse>;

const browserDevice: Device = async (kind, options) => {
  const answer =
    kind === "create"
      ? await startRegistration({ optionsJSON: options as never })
      : await startAuthentication({ optionsJSON: options as never });
  return answer as unknown as WebAuthnResponse;
};

/**
 * One passkey ceremony: the server's options (already asked for), the device's prompt, and the
 * answer sent back with the options' challenge. Whatever stops it (the server, the user cancelling
 * the prompt) ends it with words to show.
 */
export async function passkeyCeremony<R>(
  kind: CeremonyKind,
  options: Answer<WebAuthnOptions>,
  send: (answer: PasskeyAnswerBody) => Promise<Answer<R>>,
  device: Device = browserDevice,
): Promise<CeremonyOutcome<R>> {
  if (!options.data) return { error: errorText(options.error) };
  let response: WebAuthnResponse;
  try {
    response = await device(kind, options.data.options);
  } catch (error) {
    return { error: ceremonyErrorText(error) };
  }
  const sent = await send({ challengeId: options.data.challengeId, response });
  return sent.data === undefined ? { error: errorText(sent.error) } : { data: sent.data };
}

/**
 * A ceremony started by a tap: whether one is under way, what stopped the last one, and `run`,
 * which asks for the options, opens the prompt and sends the answer; it answers the server's
 * answer, or null when something stopped it (then `error` says what).
 */
export function usePasskeyCeremony() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const run = async <R>(
    kind: CeremonyKind,
    options: () => Promise<Answer<WebAuthnOptions>>,
    send: (answer: PasskeyAnswerBody) => Promise<Answer<R>>,
  ): Promise<R | null> => {
    setBusy(true);
    setError("");
    const outcome = await passkeyCeremony(kind, await options(), send);
    setBusy(false);
    if ("error" in outcome) {
      setError(outcome.error);
      return null;
    }
    return outcome.data;
  };
  return { busy, error, run };
}
