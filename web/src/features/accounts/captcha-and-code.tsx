import { ReloadOutlined } from "@ant-design/icons";
import type { EmailPurpose } from "@xianzhi/contract";
import { AccountLimits } from "@xianzhi/contract/constants";
import { Button, Form, Input, Space } from "antd";
import { useEffect, useState } from "react";
import { errorText } from "../../app/api-error";
import { emailCodeRules } from "./account-rules";
import { useCaptchaQuery, useConfirmCaptchaMutation, useSendEmailCodeMutation } from "./accounts-api";
import "./accounts.css";
import { message } from "../../components/toasts";

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

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  /** A new picture; `error` (the server's words about the old one) stays beside the emptied field. */
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
    message.success("验证码已发送，请查收邮件");
    setCountdown(AccountLimits.emailResendSeconds);
  };

  return (
    <>
      <Form.Item label="图形验证码" required extra="获取邮箱验证码前填写">
        {/* Large, so the warped characters of the picture stay readable. */}
        <Space.Compact block size="large">
          <Form.Item name="captchaCode" noStyle>
            <Input aria-label="图形验证码" maxLength={AccountLimits.captchaLength} autoComplete="off" />
          </Form.Item>
          <button
            type="button"
            className="captcha-image"
            onClick={() => refresh()}
            aria-label="看不清，换一张"
            title="看不清，换一张"
          >
            {captcha && !isFetching ? (
              <img src={`data:image/svg+xml;utf8,${encodeURIComponent(captcha.svg)}`} alt="图形验证码，点击换一张" />
            ) : (
              <ReloadOutlined spin />
            )}
          </button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="邮箱验证码" required>
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
