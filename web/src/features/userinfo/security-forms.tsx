import { AccountLimits } from "@xianzhi/contract";
import { Alert, App, Button, Divider, Form, Input } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppDispatch } from "../../app/hooks";
import { paths } from "../../app/paths";
import { useChangeEmailMutation, useChangePasswordMutation, useConfirmEmailCodeMutation } from "../auth/auth-api";
import { CaptchaAndCode } from "../auth/captcha-and-code";
import { passwordRules } from "../auth/register-screen";
import { signOut } from "../auth/session";

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string; emailCode: string }>();
  const [confirmCode] = useConfirmEmailCodeMutation();
  const [changeEmail, { isLoading }] = useChangeEmailMutation();

  const submit = async (values: { email: string; emailCode: string }) => {
    const ticket = await confirmCode({ email: values.email, code: values.emailCode, purpose: "change_email" });
    if ("error" in ticket) {
      form.setFields([{ name: "emailCode", errors: [errorText(ticket.error)] }]);
      return;
    }
    const result = await changeEmail({ email: values.email, emailTicket: ticket.data.emailTicket });
    if ("error" in result) message.error(errorText(result.error));
    else {
      message.success("邮箱已更换");
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
      <Button type="primary" htmlType="submit" loading={isLoading}>
        更换邮箱
      </Button>
    </Form>
  );
}

export function ChangePasswordForm() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState("");

  const submit = async (values: { oldPassword: string; newPassword: string }) => {
    setError("");
    const result = await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    message.success("密码已修改，请用新密码重新登录");
    signOut(dispatch);
    navigate(paths.login, { replace: true });
  };

  return (
    <Form layout="vertical" onFinish={submit} className="security-form">
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
