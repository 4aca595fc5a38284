import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Button, Form, Input, Modal } from "../../components/kit";
import { message } from "../../components/toasts";
import { emailRules, passwordHint, passwordRules } from "./account-rules";
import styles from "./accounts.module.css";
import { useResetPasswordMutation } from "./accounts-api";
import { CaptchaAndCode } from "./captcha-and-code";
import { useEmailTicket } from "./use-email-ticket";

interface ResetValues {
  email: string;
  emailCode: string;
  newPassword: string;
}

/** "Forgot password": a code to the account's address, then a new password; every session ends. */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ResetValues>();
  const { withTicket, confirming } = useEmailTicket(form, "reset_password");
  const [reset, resetState] = useResetPasswordMutation();

  const submit = async (values: ResetValues) => {
    const result = await withTicket(values.email, values.emailCode, (emailTicket) =>
      reset({ email: values.email, emailTicket, newPassword: values.newPassword }),
    );
    if (!result) return;
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    message.success("密码已重置，请用新密码登录");
    form.resetFields();
    setOpen(false);
  };

  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} className={styles.forgotPasswordLink}>
        忘记密码？
      </Button>
      <Modal title="找回密码" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="email" label="注册邮箱" rules={emailRules}>
            <Input autoComplete="email" />
          </Form.Item>
          <CaptchaAndCode purpose="reset_password" />
          <Form.Item name="newPassword" label="新密码" extra={passwordHint} rules={passwordRules}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={confirming || resetState.isLoading}>
            重置密码
          </Button>
        </Form>
      </Modal>
    </>
  );
}
