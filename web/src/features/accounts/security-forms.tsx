import { AccountLimits, type ChangePasswordBody, Errors } from "@xianzhi/contract";
import { Alert, App, Button, Divider, Form, Input } from "antd";
import { useRef, useState } from "react";
import { errorText } from "../../app/api-error";
import { useChangeEmailMutation, useChangePasswordMutation, useConfirmEmailCodeMutation } from "./accounts-api";
import { CaptchaAndCode } from "./captcha-and-code";
import { passwordRules } from "./password-rules";

interface ChangeEmailValues {
  email: string;
  emailCode: string;
  password: string;
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangeEmailValues>();
  const [confirmCode] = useConfirmEmailCodeMutation();
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  // A confirmed code gives a ticket once; a wrong password keeps it good, so the next try reuses it.
  const confirmed = useRef<{ email: string; emailTicket: string } | null>(null);

  const ticketFor = async (values: ChangeEmailValues): Promise<string | null> => {
    if (confirmed.current?.email === values.email) return confirmed.current.emailTicket;
    const ticket = await confirmCode({ email: values.email, code: values.emailCode, purpose: "change_email" });
    if ("error" in ticket) {
      form.setFields([{ name: "emailCode", errors: [errorText(ticket.error)] }]);
      return null;
    }
    confirmed.current = { email: values.email, emailTicket: ticket.data.emailTicket };
    return ticket.data.emailTicket;
  };

  const submit = async (values: ChangeEmailValues) => {
    const emailTicket = await ticketFor(values);
    if (!emailTicket) return;
    const result = await changeEmail({ email: values.email, emailTicket, password: values.password });
    if ("error" in result) {
      if (result.error && "code" in result.error && result.error.code === Errors.OLD_PASSWORD_WRONG.code) {
        form.setFields([{ name: "password", errors: [errorText(result.error)] }]);
        return;
      }
      confirmed.current = null;
      message.error(errorText(result.error));
    } else {
      confirmed.current = null;
      message.success("邮箱已更换，原邮箱会收到一封通知");
      form.resetFields();
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="security-form">
      <p className="security-form__current">当前邮箱：{currentEmail}</p>
      <Form.Item
        name="email"
        label="新邮箱"
        rules={[{ required: true }, { type: "email" }, { max: AccountLimits.emailMax }]}
      >
        <Input autoComplete="email" />
      </Form.Item>
      <CaptchaAndCode purpose="change_email" />
      <Form.Item
        name="password"
        label="当前密码"
        extra="为确认是您本人操作"
        rules={[{ required: true }, { max: AccountLimits.passwordMax }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        更换邮箱
      </Button>
    </Form>
  );
}

/** The session that changed the password stays signed in; the server ends every other one. */
export function ChangePasswordForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordBody>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState("");

  const submit = async (values: ChangePasswordBody) => {
    setError("");
    const result = await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    message.success("密码已修改，其他设备已退出登录");
    form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="security-form">
      <Divider titlePlacement="start">修改密码</Divider>
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label="新密码" extra="8-64 位，须同时包含字母和数字" rules={passwordRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon role="alert" className="auth-card__error" />}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        修改密码
      </Button>
    </Form>
  );
}
