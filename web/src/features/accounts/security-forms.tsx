import type { ChangePasswordBody } from "@xianzhi/contract";
import { AccountLimits, Errors } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Divider, Form, Input } from "../../components/kit";
import { message } from "../../components/toasts";
import { emailRules, passwordHint, passwordRules } from "./account-rules";
import styles from "./accounts.module.css";
import { useChangeEmailMutation, useChangePasswordMutation } from "./accounts-api";
import { CaptchaAndCode } from "./captcha-and-code";
import { useFreshProof } from "./identity-proof";
import { useEmailTicket } from "./use-email-ticket";

interface ChangeEmailValues {
  email: string;
  emailCode: string;
  password: string;
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [form] = Form.useForm<ChangeEmailValues>();
  const { withTicket, confirming } = useEmailTicket(form, "change_email");
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const { withProof, dialog } = useFreshProof();

  const submit = async (values: ChangeEmailValues) => {
    const result = await withTicket(values.email, values.emailCode, (emailTicket) =>
      withProof(() => changeEmail({ email: values.email, emailTicket, password: values.password })),
    );
    if (!result) return;
    if ("error" in result) {
      if (result.error && "code" in result.error && result.error.code === Errors.OLD_PASSWORD_WRONG.code) {
        form.setFields([{ name: "password", errors: [errorText(result.error)] }]);
        return;
      }
      message.error(errorText(result.error));
      return;
    }
    message.success("邮箱已更换，原邮箱会收到一封通知");
    form.resetFields();
  };

  return (
    <FingerSized>
      <Form form={form} name="change-email" layout="vertical" onFinish={submit} className={styles.securityForm}>
        <p className={styles.securityFormCurrent}>当前邮箱：{currentEmail}</p>
        <Form.Item name="email" label="新邮箱" rules={emailRules}>
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
        <Button type="primary" htmlType="submit" loading={confirming || isLoading}>
          更换邮箱
        </Button>
      </Form>
      {dialog}
    </FingerSized>
  );
}

/** The session that changed the password stays signed in; the server ends every other one. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordBody>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState("");
  const { withProof, dialog } = useFreshProof();

  const submit = async (values: ChangePasswordBody) => {
    setError("");
    const result = await withProof(() =>
      changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
    );
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    message.success("密码已修改，其他设备已退出登录");
    form.resetFields();
  };

  return (
    <FingerSized>
      <Form form={form} name="change-password" layout="vertical" onFinish={submit} className={styles.securityForm}>
        <Divider titlePlacement="start">修改密码</Divider>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" extra={passwordHint} rules={passwordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" className={styles.authCardError} />}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          修改密码
        </Button>
      </Form>
      {dialog}
    </FingerSized>
  );
}
