import type { ReactNode } from "react";
import { errorText } from "../../app/api-error";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Divider, Skeleton } from "../../components/kit";
import styles from "./accounts.module.css";

/**
 * A part of 账号安全 that shows what the server keeps (登录设备, 两步验证): its heading, then a
 * skeleton while that loads, what went wrong if it failed, and its content.
 */
export function SecuritySection({
  id,
  title,
  isLoading,
  error,
  children,
}: {
  id: string;
  title: string;
  isLoading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <FingerSized>
      <section className={styles.securitySection} aria-labelledby={id}>
        <Divider titlePlacement="start">
          <span id={id}>{title}</span>
        </Divider>
        {isLoading && <Skeleton active />}
        {error ? <Alert type="error" title={errorText(error)} showIcon role="alert" /> : null}
        {children}
      </section>
    </FingerSized>
  );
}
