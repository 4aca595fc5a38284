import type { AuthResult, TwoStepChallenge } from "@xianzhi/contract";
import { AccountLimits, Errors } from "@xianzhi/contract/constants";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { type ApiError, errorText } from "../../app/api-error";
import { useAppDispatch } from "../../app/hooks";
import { paths, titles } from "../../app/paths";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Card, Form, Input, Tabs } from "../../components/kit";
import { useDocumentTitle } from "../../components/use-document-title";
import styles from "./accounts.module.css";
import { useLoginByEmailMutation, useLoginByUsernameMutation } from "./accounts-api";
import { pathAfterLogin } from "./after-login";
import { ForgotPassword } from "./forgot-password";
import { PasskeyLogin } from "./passkey-login";
import type { FromState } from "./require-auth";
import { sessionEndedSinceSignIn, signIn } from "./session";
import { twoStepChallengeOf } from "./two-step-lines";
import { TwoStepLogin } from "./two-step-login";

type Mode = "username" | "email";

export default function LoginScreen() {
  useDocumentTitle(titles.login);
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>("username");
  const [byUsername, usernameState] = useLoginByUsernameMutation();
  const [byEmail, emailState] = useLoginByEmailMutation();
  const [error, setError] = useState("");
  const [form] = Form.useForm<{ account: string; password: string }>();
  // A right password of an account with 两步验证: the second step's ticket.
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(null);
  const from = (location.state as FromState | null)?.from;
  // Why the user is here, when a 401 sent them (or a page that had quietly dropped the dead token).
  const [sessionEnded] = useState(sessionEndedSinceSignIn);

  const submit = async (values: { account: string; password: string }) => {
    setError("");
    const result =
      mode === "username"
        ? await byUsername({ username: values.account, password: values.password })
        : await byEmail({ email: values.account, password: values.password });
    if ("error" in result) {
      const secondStep = twoStepChallengeOf(result.error);
      if (secondStep) {
        setChallenge(secondStep);
        return;
      }
      // A suspended account's 403 says itself why and until when (账号已被封禁至 …).
      const { status, detail } = result.error as ApiError;
      setError(status === 403 && detail ? detail : errorText(result.error));
      return;
    }
    signedIn(result.data);
  };

  const signedIn = (result: AuthResult) => {
    signIn(dispatch, result);
    navigate(pathAfterLogin(from), { replace: true });
  };

  return (
    <div className={styles.authPage}>
      <FingerSized>
        <Card className={styles.authCard} title={<h1 className={styles.authCardTitle}>登录闲置</h1>}>
          {sessionEnded && (
            <Alert
              type="warning"
              title={Errors.SESSION_EXPIRED.msg}
              showIcon
              className={styles.authCardNotice}
              role="status"
            />
          )}
          {challenge ? (
            <TwoStepLogin
              challenge={challenge}
              onSignedIn={signedIn}
              onBack={(why) => {
                setChallenge(null);
                setError(why ?? "");
              }}
            />
          ) : (
            <>
              <Tabs
                activeKey={mode}
                onChange={(key) => {
                  setMode(key as Mode);
                  setError("");
                }}
                items={[
                  { key: "username", label: "用户名登录" },
                  { key: "email", label: "邮箱登录" },
                ]}
              />
              <Form form={form} layout="vertical" onFinish={submit} key={mode} requiredMark={false}>
                <Form.Item
                  name="account"
                  label={mode === "username" ? "用户名" : "邮箱"}
                  rules={
                    mode === "username"
                      ? [{ required: true }, { max: AccountLimits.usernameMax }]
                      : [{ required: true }, { type: "email" }]
                  }
                >
                  <Input autoComplete={mode === "username" ? "username" : "email"} autoFocus />
                </Form.Item>
                <Form.Item
                  name="password"
                  label="密码"
                  rules={[{ required: true }, { max: AccountLimits.passwordMax }]}
                >
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
                {error && <Alert type="error" title={error} showIcon className={styles.authCardError} role="alert" />}
                <Button
                  type="primary"
                  htmlType="submit"
                  block
                  size="large"
                  loading={usernameState.isLoading || emailState.isLoading}
                >
                  登录
                </Button>
              </Form>
              <PasskeyLogin
                username={() => (mode === "username" ? form.getFieldValue("account")?.trim() || undefined : undefined)}
                onSignedIn={signedIn}
              />
              <div className={styles.authCardLinks}>
                <Link to={paths.register}>没有账号？立即注册</Link>
                <ForgotPassword />
              </div>
            </>
          )}
        </Card>
      </FingerSized>
    </div>
  );
}
