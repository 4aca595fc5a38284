import type { AuthResult, TwoStepChallenge } from "@xianzhi/contract";
import {
  RECOVERY_CODE_PATTERN,
  TWO_STEP_CODE_MESSAGE,
  TWO_STEP_CODE_PATTERN,
  TwoStepLimits,
} from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Form, Input } from "../../components/kit";
import styles from "./accounts.module.css";
import { useLoginWithTwoStepMutation } from "./two-step-api";
import { needsPasswordAgain } from "./two-step-lines";

/**
 * The second step of a sign-in: the 6-digit code the authenticator app shows, or one of the
 * recovery codes when the phone is not at hand. A ticket that ran out sends the user back to the
 * password, saying why.
 */
export function TwoStepLogin({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: TwoStepChallenge;
  onSignedIn: (result: AuthResult) => void;
  onBack: (why?: string) => void;
}) {
  const [byRecoveryCode, setByRecoveryCode] = useState(false);
  const [loginWithTwoStep, { isLoading }] = useLoginWithTwoStepMutation();
  const [error, setError] = useState("");

  const submit = async ({ code }: { code: string }) => {
    setError("");
    const result = await loginWithTwoStep({ twoStepTicket: challenge.twoStepTicket, code: code.trim() });
    if ("error" in result) {
      if (needsPasswordAgain(result.error)) onBack(errorText(result.error));
      else setError(errorText(result.error));
      return;
    }
    onSignedIn(result.data);
  };

  return (
    <section aria-labelledby="two-step-login-title">
      <h2 id="two-step-login-title" className={styles.twoStepTitle}>
        两步验证
      </h2>
      <p className={styles.twoStepText}>
        {byRecoveryCode
          ? "请输入一个保存的恢复码，每个恢复码只能使用一次。"
          : `请打开验证器 App，输入闲置账号当前显示的 ${TwoStepLimits.codeLength}\u00a0位验证码。`}
      </p>
      <Form layout="vertical" onFinish={submit} requiredMark={false} key={String(byRecoveryCode)}>
        <Form.Item
          name="code"
          label={byRecoveryCode ? "恢复码" : "验证码"}
          rules={[
            { required: true, message: byRecoveryCode ? "请输入恢复码" : TWO_STEP_CODE_MESSAGE },
            byRecoveryCode
              ? { pattern: RECOVERY_CODE_PATTERN, message: "恢复码为 10 位字母和数字，如 ABCDE-FGHJK" }
              : { pattern: TWO_STEP_CODE_PATTERN, message: TWO_STEP_CODE_MESSAGE },
          ]}
        >
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode={byRecoveryCode ? "text" : "numeric"}
            maxLength={byRecoveryCode ? 11 : TwoStepLimits.codeLength}
          />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon className={styles.authCardError} role="alert" />}
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          验证并登录
        </Button>
      </Form>
      <div className={styles.authCardLinks}>
        <Button
          type="link"
          className={styles.authCardLink}
          onClick={() => {
            setByRecoveryCode(!byRecoveryCode);
            setError("");
          }}
        >
          {byRecoveryCode ? "使用验证器的验证码" : "手机不在身边？使用恢复码"}
        </Button>
        <Button type="link" className={styles.authCardLink} onClick={() => onBack()}>
          返回重新输入密码
        </Button>
      </div>
    </section>
  );
}
