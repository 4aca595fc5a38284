import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppDispatch } from "../../app/hooks";
import { paths, titles } from "../../app/paths";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Card, Form, Input } from "../../components/kit";
import { useDocumentTitle } from "../../components/use-document-title";
import { emailRules, passwordHint, passwordRules, usernameHint, usernameRules } from "./account-rules";
import styles from "./accounts.module.css";
import { useRegisterMutation } from "./accounts-api";
import { CaptchaAndCode } from "./captcha-and-code";
import { NewPasswordInput } from "./new-password-input";
import { signIn } from "./session";
import { useEmailTicket } from "./use-email-ticket";

interface RegisterValues {
  username: string;
  password: string;
  email: string;
  emailCode: string;
}

export default function RegisterScreen() {
  useDocumentTitle(titles.register);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<RegisterValues>();
  const { withTicket, confirming } = useEmailTicket(form, "register");
  const [register, registerState] = useRegisterMutation();
  const [error, setError] = useState("");

  const submit = async (values: RegisterValues) => {
    setError("");
    const result = await withTicket(values.email, values.emailCode, (emailTicket) =>
      register({ username: values.username, password: values.password, email: values.email, emailTicket }),
    );
    if (!result) return;
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    signIn(dispatch, result.data);
    navigate(paths.home, { replace: true });
  };

  return (
    <div className={styles.authPage}>
      <FingerSized>
        <Card className={styles.authCard} title={<h1 className={styles.authCardTitle}>注册闲置账号</h1>}>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item name="username" label="用户名" extra={usernameHint} rules={usernameRules}>
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" label="密码" extra={`${passwordHint}，点眼睛可查看`} rules={passwordRules}>
              <NewPasswordInput />
            </Form.Item>
            <Form.Item name="email" label="邮箱" rules={emailRules}>
              <Input autoComplete="email" />
            </Form.Item>
            <CaptchaAndCode purpose="register" />
            {error && <Alert type="error" title={error} showIcon className={styles.authCardError} role="alert" />}
            <Button type="primary" htmlType="submit" block size="large" loading={confirming || registerState.isLoading}>
              注册
            </Button>
          </Form>
          <div className={styles.authCardLinks}>
            <Link to={paths.login}>已有账号？去登录</Link>
          </div>
        </Card>
      </FingerSized>
    </div>
  );
}
