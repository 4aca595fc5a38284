import type { AuthResult } from "@xianzhi/contract";
import { KeyOutlined } from "../../components/icons";
import { Alert, Button, Divider } from "../../components/kit";
import styles from "./accounts.module.css";
import { usePasskeyCeremony } from "./passkey-ceremony";
import { useLoginWithPasskeyMutation, usePasskeyLoginOptionsMutation } from "./passkeys-api";

/**
 * 通行密钥登录 on the login screen: with the user name typed, that account's passkeys; without,
 * whichever of this site's the device holds (it shows its own list). No password is typed.
 */
export function PasskeyLogin({
  username,
  onSignedIn,
}: {
  /** The user name in the form when there is one, read at the tap. */
  username: () => string | undefined;
  onSignedIn: (result: AuthResult) => void;
}) {
  const [options] = usePasskeyLoginOptionsMutation();
  const [login] = useLoginWithPasskeyMutation();
  const { busy, error, run } = usePasskeyCeremony();
  const signIn = async () => {
    const name = username();
    const result = await run("get", () => options(name ? { username: name } : {}), login);
    if (result) onSignedIn(result);
  };
  return (
    <>
      <Divider plain>或</Divider>
      {error && <Alert type="error" title={error} showIcon className={styles.authCardError} role="alert" />}
      <Button block size="large" icon={<KeyOutlined />} loading={busy} onClick={signIn}>
        使用通行密钥登录
      </Button>
    </>
  );
}
