import type { DeniedDevice } from "@xianzhi/contract";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { errorText } from "../../app/api-error";
import { paths, titles } from "../../app/paths";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Card, Form } from "../../components/kit";
import { useDocumentTitle } from "../../components/use-document-title";
import { passwordHint, passwordRules } from "./account-rules";
import styles from "./accounts.module.css";
import { useDenyDeviceMutation, useResetPasswordMutation } from "./accounts-api";
import { NewPasswordInput } from "./new-password-input";

/** A new password with the ticket the link gave: every session ends, the intruder's among them. */
function NewPasswordStep({ denied, onDone }: { denied: DeniedDevice & { emailTicket: string }; onDone: () => void }) {
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [error, setError] = useState("");
  const submit = async ({ newPassword }: { newPassword: string }) => {
    setError("");
    const result = await reset({ email: denied.email, emailTicket: denied.emailTicket, newPassword });
    if ("error" in result) setError(errorText(result.error));
    else onDone();
  };
  return (
    <Form name="device-alert-password" layout="vertical" requiredMark={false} onFinish={submit}>
      <Alert type="success" title="这台设备已退出登录" showIcon role="status" className={styles.authCardNotice} />
      <p className={styles.twoStepText}>
        登录它的人知道你的密码，请马上设置一个新密码。设置后，所有设备都需要重新登录。
      </p>
      <Form.Item name="newPassword" label="新密码" rules={passwordRules} extra={passwordHint}>
        <NewPasswordInput autoFocus />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon role="alert" className={styles.authCardError} />}
      <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
        设置新密码
      </Button>
    </Form>
  );
}

type Step = { name: "ask" } | { name: "password"; denied: DeniedDevice } | { name: "done"; passkeyOnly: boolean };

/**
 * 新设备登录提醒's 不是我本人 link, opened from the e-mail: signs the device out, then asks for a
 * new password (an account that signs in with passkeys only needs none). No sign-in is needed:
 * the link came to the account's mailbox.
 */
export default function DeviceAlertScreen() {
  useDocumentTitle(titles.deviceAlert);
  // The link carries its token in the fragment, which reaches no server's log.
  const token = new URLSearchParams(useLocation().hash.slice(1)).get("token") ?? "";
  const [deny, { isLoading }] = useDenyDeviceMutation();
  const [step, setStep] = useState<Step>({ name: "ask" });
  const [error, setError] = useState(token ? "" : "链接不完整，请从邮件中重新打开");
  const signOutDevice = async () => {
    setError("");
    const result = await deny({ token });
    if ("error" in result) return setError(errorText(result.error));
    // Used up: the address bar and the history keep the link no longer.
    window.history.replaceState(window.history.state, "", paths.deviceAlert);
    setStep(result.data.emailTicket ? { name: "password", denied: result.data } : { name: "done", passkeyOnly: true });
  };
  return (
    <div className={styles.authPage}>
      <FingerSized>
        <Card className={styles.authCard} title={<h1 className={styles.authCardTitle}>不是你本人登录？</h1>}>
          {step.name === "ask" && (
            <>
              <p className={styles.twoStepText}>
                你的账号刚刚在一台新设备上登录。如果不是你本人，请让这台设备马上退出登录，然后设置新密码。
              </p>
              {error && <Alert type="error" title={error} showIcon role="alert" className={styles.authCardError} />}
              <Button
                danger
                type="primary"
                block
                size="large"
                loading={isLoading}
                disabled={!token}
                onClick={signOutDevice}
              >
                让这台设备退出登录
              </Button>
            </>
          )}
          {step.name === "password" && step.denied.emailTicket && (
            <NewPasswordStep
              denied={{ ...step.denied, emailTicket: step.denied.emailTicket }}
              onDone={() => setStep({ name: "done", passkeyOnly: false })}
            />
          )}
          {step.name === "done" && (
            <Alert
              type="success"
              showIcon
              role="status"
              title={step.passkeyOnly ? "这台设备已退出登录" : "新密码已设置，所有设备都已退出登录"}
              description={
                step.passkeyOnly
                  ? "你的账号已开启仅通行密钥登录，密码不能用来登录。请登录后在“账号安全”中检查通行密钥和登录设备。"
                  : "请用新密码重新登录，并在“账号安全”中检查登录设备。"
              }
            />
          )}
          <div className={styles.authCardLinks}>
            <Link to={paths.login}>返回登录页</Link>
          </div>
        </Card>
      </FingerSized>
    </div>
  );
}
