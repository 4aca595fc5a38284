import type { ProofMethod } from "@xianzhi/contract";
import { AccountLimits, TwoStepLimits } from "@xianzhi/contract/constants";
import { type ReactNode, useCallback, useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Form, Input, Modal } from "../../components/kit";
import styles from "./accounts.module.css";
import { usePasskeyCeremony } from "./passkey-ceremony";
import { useProofPasskeyOptionsMutation } from "./passkeys-api";
import { useProveIdentityMutation } from "./two-step-api";
import { sendWithProof } from "./two-step-lines";

const ASKS: Record<Exclude<ProofMethod, "passkey">, { text: string; label: string }> = {
  two_step: {
    text: "为保护账号安全，请输入验证器 App 上的 6\u00a0位验证码，手机不在身边时可输入一个恢复码。",
    label: "验证码或恢复码",
  },
  password: { text: "为保护账号安全，请输入当前密码。", label: "当前密码" },
};

/** 验证身份 with a passkey: the device's prompt, opened by the user's tap (browsers ask for one). */
function PasskeyProofDialog({ onDone }: { onDone: (proven: boolean) => void }) {
  const [options] = useProofPasskeyOptionsMutation();
  const [prove] = useProveIdentityMutation();
  const { busy, error, run } = usePasskeyCeremony();
  const answerWithPasskey = async () => {
    if (await run("get", () => options(), prove)) onDone(true);
  };
  return (
    <Modal
      open
      title="验证身份"
      okText="使用通行密钥"
      cancelText="取消"
      confirmLoading={busy}
      onOk={answerWithPasskey}
      onCancel={() => onDone(false)}
      destroyOnHidden
    >
      <p className={styles.twoStepText}>为保护账号安全，请用你的通行密钥（指纹、面容或锁屏密码）验证身份。</p>
      {error && <Alert type="error" title={error} showIcon role="alert" />}
    </Modal>
  );
}

/** 验证身份: asks for the proof the account gives; says proven (true) or cancelled (false). */
function ProofDialog({ method, onDone }: { method: ProofMethod; onDone: (proven: boolean) => void }) {
  if (method === "passkey") return <PasskeyProofDialog onDone={onDone} />;
  return <SecretProofDialog method={method} onDone={onDone} />;
}

/** 验证身份 with something the user types: a two-step code or the password. */
function SecretProofDialog({
  method,
  onDone,
}: {
  method: Exclude<ProofMethod, "passkey">;
  onDone: (proven: boolean) => void;
}) {
  const [form] = Form.useForm<{ proof: string }>();
  const [prove, { isLoading }] = useProveIdentityMutation();
  const [error, setError] = useState("");
  const ask = ASKS[method];

  const submit = async ({ proof }: { proof: string }) => {
    setError("");
    const result = await prove(method === "two_step" ? { code: proof.trim() } : { password: proof });
    if ("error" in result) setError(errorText(result.error));
    else onDone(true);
  };

  return (
    <Modal
      open
      title="验证身份"
      okText="确认"
      cancelText="取消"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={() => onDone(false)}
      destroyOnHidden
    >
      <p className={styles.twoStepText}>{ask.text}</p>
      <Form form={form} name="identity-proof" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="proof"
          label={ask.label}
          rules={[{ required: true, message: `请输入${ask.label}` }, { max: AccountLimits.passwordMax }]}
        >
          {method === "password" ? (
            <Input.Password autoComplete="current-password" autoFocus />
          ) : (
            <Input
              autoComplete="one-time-code"
              autoFocus
              maxLength={11}
              placeholder={"1".repeat(TwoStepLimits.codeLength)}
            />
          )}
        </Form.Item>
      </Form>
      {error && <Alert type="error" title={error} showIcon role="alert" />}
    </Modal>
  );
}

/**
 * A change of money or identity made with 身份验证: when the server asks for a proof first
 * (PROOF_REQUIRED), the user gives it in a dialog and the change is sent again; cancelled, the
 * first answer stands. Render `dialog` where the change is made.
 */
export function useFreshProof(): {
  withProof: <R>(change: () => Promise<R>) => Promise<R>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{ method: ProofMethod; resolve: (proven: boolean) => void } | null>(null);
  const withProof = useCallback(
    <R,>(change: () => Promise<R>): Promise<R> =>
      sendWithProof(change, async (method) => {
        const proven = await new Promise<boolean>((resolve) => setAsking({ method, resolve }));
        setAsking(null);
        return proven;
      }),
    [],
  );
  return { withProof, dialog: asking && <ProofDialog method={asking.method} onDone={asking.resolve} /> };
}
