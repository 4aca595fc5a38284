import type { EmailPurpose } from "@xianzhi/contract";
import { AccountLimits } from "@xianzhi/contract/constants";
import { useEffect, useState } from "react";
import { errorText } from "../../app/api-error";
import { ReloadOutlined } from "../../components/icons";
import { Button, Form, Input, Space } from "../../components/kit";
import { message } from "../../components/toasts";
import { emailCodeRules } from "./account-rules";
import styles from "./accounts.module.css";
import { useCaptchaQuery, useConfirmCaptchaMutation, useSendEmailCodeMutation } from "./accounts-api";

/**
 * Said under the code once it was sent. The server answers the same whether the address has an
 * account or not (so that nobody learns which addresses do), and mails a notice instead of a code
 * where no code can be used: these words tell the person at the form where to look.
 */
const SENT: Record<EmailPurpose, { toast: string; hint: string }> = {
  register: {
    toast: "验证码已发送（如该邮箱可用），请查收邮件",
    hint: "如果该邮箱已注册过账号，您会收到一封提醒邮件而不是验证码，可直接登录或找回密码。",
  },
  change_email: {
    toast: "验证码已发送（如该邮箱可用），请查收邮件",
    hint: "如果该邮箱已绑定其他账号，将收不到验证码，请换一个邮箱。",
  },
  reset_password: {
    toast: "验证码已发送（如该邮箱已注册），请查收邮件",
    hint: "只有已注册的邮箱会收到验证码。没有收到？请确认是注册时的邮箱，并查看垃圾邮件。",
  },
};

interface CaptchaAndCodeProps {
  purpose: EmailPurpose;
  /** The form field that holds the address the code goes to. */
  emailField?: string;
}

/**
 * The picture captcha and the e-mail code with its resend countdown, for registration, a new
 * address and a forgotten password. The captcha is used up by each send, so a new one is shown.
 */
export function CaptchaAndCode({ purpose, emailField = "email" }: CaptchaAndCodeProps) {
  const form = Form.useFormInstance();
  const [captchaRound, setCaptchaRound] = useState(0);
  const { data: captcha, isFetching } = useCaptchaQuery(captchaRound);
  const [confirmCaptcha] = useConfirmCaptchaMutation();
  const [sendCode, { isLoading: sending }] = useSendEmailCodeMutation();
  const [countdown, setCountdown] = useState(0);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  /**
   * A new picture; `error` (the server's words about the old one, which was used up by the answer:
   * 验证码不正确，已换一张新的) stays beside the emptied field.
   */
  const refresh = (error?: string) => {
    form.setFields([{ name: "captchaCode", value: "", errors: error ? [error] : [] }]);
    setCaptchaRound((round) => round + 1);
  };

  const send = async () => {
    let values: Record<string, string>;
    try {
      values = await form.validateFields([emailField]);
    } catch {
      return;
    }
    // The captcha guards sending a code, not the form: it is checked here, and used up by the send.
    const captchaCode = String(form.getFieldValue("captchaCode") ?? "").trim();
    if (!captchaCode) {
      form.setFields([{ name: "captchaCode", errors: ["请输入图形验证码"] }]);
      return;
    }
    if (!captcha) return;
    const ticket = await confirmCaptcha({ captchaId: captcha.captchaId, code: captchaCode });
    if ("error" in ticket) {
      refresh(errorText(ticket.error));
      return;
    }
    const sent = await sendCode({ email: values[emailField] ?? "", captchaTicket: ticket.data.captchaTicket, purpose });
    refresh();
    if ("error" in sent) {
      form.setFields([{ name: emailField, errors: [errorText(sent.error)] }]);
      return;
    }
    message.success(SENT[purpose].toast);
    setSent(true);
    setCountdown(AccountLimits.emailResendSeconds);
  };

  return (
    <>
      <Form.Item label="图形验证码" required>
        {/* The picture on the field's own row, as tall as a fingertip and more, so its characters read well. */}
        <Space.Compact block className={styles.captchaRow}>
          <Form.Item name="captchaCode" noStyle>
            <Input
              aria-label="图形验证码"
              placeholder="右图字符"
              maxLength={AccountLimits.captchaLength}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
            />
          </Form.Item>
          <button
            type="button"
            className={styles.captchaImage}
            onClick={() => refresh()}
            aria-label="看不清，换一张"
            title="看不清，换一张"
          >
            {captcha && !isFetching ? (
              <img src={`data:image/svg+xml;utf8,${encodeURIComponent(captcha.svg)}`} alt="图形验证码，点击换一张" />
            ) : (
              <ReloadOutlined className="anticon-spin" />
            )}
          </button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="邮箱验证码" required extra={sent ? SENT[purpose].hint : undefined}>
        <Space.Compact block>
          <Form.Item name="emailCode" noStyle rules={emailCodeRules}>
            <Input
              aria-label="邮箱验证码"
              maxLength={AccountLimits.emailCodeLength}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={countdown > 0}>
            {countdown > 0 ? `${countdown} 秒后重发` : "获取验证码"}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
