import type { TwoStepSetup } from "@xianzhi/contract";
import {
  AccountLimits,
  RECOVERY_CODE_PATTERN,
  TWO_STEP_CODE_MESSAGE,
  TWO_STEP_CODE_PATTERN,
  TWO_STEP_OR_RECOVERY_MESSAGE,
  TwoStepLimits,
} from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Form, Input, type InputProps, QRCode } from "../../components/kit";
import { saveFile } from "../../components/save-file";
import { message } from "../../components/toasts";
import styles from "./accounts.module.css";
import { SecuritySection } from "./security-section";
import {
  useDisableTwoStepMutation,
  useEnableTwoStepMutation,
  useRenewRecoveryCodesMutation,
  useSetUpTwoStepMutation,
  useTwoStepStatusQuery,
} from "./two-step-api";
import { groupedSecret, recoveryCodesFile, twoStepSummary } from "./two-step-lines";
import { useMyInfo } from "./use-my-info";

/** What the section shows: its state, or one of the steps of changing it. */
type Step =
  | { name: "summary" }
  | { name: "password" }
  | { name: "scan"; setup: TwoStepSetup }
  | { name: "codes"; recoveryCodes: string[] }
  | { name: "renew" }
  | { name: "disable" };

const appCodeRules = [
  { required: true, message: TWO_STEP_CODE_MESSAGE },
  { pattern: TWO_STEP_CODE_PATTERN, message: TWO_STEP_CODE_MESSAGE },
];
const proofRules = [
  { required: true, message: TWO_STEP_OR_RECOVERY_MESSAGE },
  {
    validator: (_: unknown, value?: string) =>
      !value || TWO_STEP_CODE_PATTERN.test(value.trim()) || RECOVERY_CODE_PATTERN.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(TWO_STEP_OR_RECOVERY_MESSAGE)),
  },
];
const passwordRules = [{ required: true, message: "请输入当前密码" }, { max: AccountLimits.passwordMax }];

/** The app's code field: digits, and the phone's keyboard of digits (Form.Item gives it value and onChange). */
function AppCodeInput(props: InputProps) {
  return (
    <Input
      {...props}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={TwoStepLimits.codeLength}
      placeholder="123456"
    />
  );
}

/** A step's form with its own error line and its 取消 back to the summary. */
function StepForm<T extends object>({
  name,
  submitText,
  onSubmit,
  onCancel,
  busy,
  danger,
  children,
}: {
  name: string;
  submitText: string;
  onSubmit: (values: T) => Promise<string | undefined>;
  onCancel: () => void;
  busy: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  const [error, setError] = useState("");
  return (
    <Form<T>
      name={name}
      layout="vertical"
      requiredMark={false}
      onFinish={async (values) => setError((await onSubmit(values)) ?? "")}
    >
      {children}
      {error && <Alert type="error" title={error} showIcon role="alert" className={styles.authCardError} />}
      <div className={styles.twoStepActions}>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
          {submitText}
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </div>
    </Form>
  );
}

/** The ten codes, shown once, to download or copy before leaving. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { data: me } = useMyInfo();
  const download = () => {
    const file = recoveryCodesFile(codes, me?.username ?? "");
    saveFile(new Blob([file.text], { type: "text/plain;charset=utf-8" }), file.name);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      message.success("恢复码已复制");
    } catch {
      message.error("无法复制，请下载或抄下恢复码");
    }
  };
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="请立即保存这些恢复码"
        description="手机丢失或无法打开验证器时，可用一个恢复码代替验证码登录。每个只能用一次，离开此页后不再显示。"
      />
      <ul className={styles.twoStepCodes} aria-label="恢复码">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.twoStepActions}>
        <Button type="primary" onClick={download}>
          下载恢复码
        </Button>
        <Button onClick={copy}>复制恢复码</Button>
        <Button onClick={onDone}>我已保存好</Button>
      </div>
    </div>
  );
}

/**
 * 两步验证 in 账号安全: turned on with the password, a QR code for the authenticator app and a
 * first code from it, then ten recovery codes shown once; turned off with the password and a code.
 */
export function TwoStepSettings() {
  const { data: status, isLoading, error } = useTwoStepStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const [step, setStep] = useState<Step>({ name: "summary" });
  const [setUp, setUpState] = useSetUpTwoStepMutation();
  const [enable, enableState] = useEnableTwoStepMutation();
  const [renew, renewState] = useRenewRecoveryCodesMutation();
  const [disable, disableState] = useDisableTwoStepMutation();
  const toSummary = () => setStep({ name: "summary" });

  const body = () => {
    switch (step.name) {
      case "password":
        return (
          <StepForm<{ password: string }>
            name="two-step-password"
            submitText="下一步"
            busy={setUpState.isLoading}
            onCancel={toSummary}
            onSubmit={async ({ password }) => {
              const result = await setUp({ password });
              if ("error" in result) return errorText(result.error);
              setStep({ name: "scan", setup: result.data });
            }}
          >
            <p className={styles.twoStepText}>为确认是你本人，请先输入当前密码。</p>
            <Form.Item name="password" label="当前密码" rules={passwordRules}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          </StepForm>
        );
      case "scan":
        return (
          <StepForm<{ code: string }>
            name="two-step-enable"
            submitText="开启两步验证"
            busy={enableState.isLoading}
            onCancel={toSummary}
            onSubmit={async ({ code }) => {
              const result = await enable({ code: code.trim() });
              if ("error" in result) return errorText(result.error);
              message.success("两步验证已开启");
              setStep({ name: "codes", recoveryCodes: result.data.recoveryCodes });
            }}
          >
            <p className={styles.twoStepText}>
              1. 用验证器 App（如 Google Authenticator、Microsoft Authenticator、腾讯身份验证器）扫描二维码：
            </p>
            <div className={styles.twoStepQr}>
              <QRCode value={step.setup.otpauthUri} size={176} bordered={false} aria-label="两步验证二维码" />
            </div>
            <p className={styles.twoStepText}>无法扫描时，在 App 中手动输入密钥：</p>
            <code className={styles.twoStepSecret} data-testid="two-step-secret">
              {groupedSecret(step.setup.secret)}
            </code>
            <Form.Item name="code" label="2. 输入 App 显示的 6 位验证码" rules={appCodeRules}>
              <AppCodeInput />
            </Form.Item>
          </StepForm>
        );
      case "codes":
        return <RecoveryCodesShown codes={step.recoveryCodes} onDone={toSummary} />;
      case "renew":
        return (
          <StepForm<{ code: string }>
            name="two-step-renew"
            submitText="生成新的恢复码"
            busy={renewState.isLoading}
            onCancel={toSummary}
            onSubmit={async ({ code }) => {
              const result = await renew({ code: code.trim() });
              if ("error" in result) return errorText(result.error);
              setStep({ name: "codes", recoveryCodes: result.data.recoveryCodes });
            }}
          >
            <p className={styles.twoStepText}>生成后，原来的恢复码全部失效。</p>
            <Form.Item name="code" label="验证器 App 显示的 6 位验证码" rules={appCodeRules}>
              <AppCodeInput />
            </Form.Item>
          </StepForm>
        );
      case "disable":
        return (
          <StepForm<{ password: string; code: string }>
            name="two-step-disable"
            submitText="关闭两步验证"
            danger
            busy={disableState.isLoading}
            onCancel={toSummary}
            onSubmit={async ({ password, code }) => {
              const result = await disable({ password, code: code.trim() });
              if ("error" in result) return errorText(result.error);
              message.success("两步验证已关闭");
              toSummary();
            }}
          >
            <p className={styles.twoStepText}>关闭后，只凭密码即可登录你的账号。</p>
            <Form.Item name="password" label="当前密码" rules={passwordRules}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="code" label="验证码或恢复码" rules={proofRules}>
              <Input autoComplete="one-time-code" maxLength={11} />
            </Form.Item>
          </StepForm>
        );
      case "summary":
        if (!status) return null;
        return (
          <>
            <p className={styles.twoStepText}>{twoStepSummary(status)}</p>
            <div className={styles.twoStepActions}>
              {status.enabled ? (
                <>
                  <Button onClick={() => setStep({ name: "renew" })}>重新生成恢复码</Button>
                  <Button danger onClick={() => setStep({ name: "disable" })}>
                    关闭两步验证
                  </Button>
                </>
              ) : (
                <Button type="primary" onClick={() => setStep({ name: "password" })}>
                  开启两步验证
                </Button>
              )}
            </div>
          </>
        );
    }
  };

  return (
    <SecuritySection id="two-step-title" title="两步验证" isLoading={isLoading} error={error}>
      {body()}
    </SecuritySection>
  );
}
