import type { AccountRecoveryBody } from "@xianzhi/contract";
import { ModerationLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Form, Input } from "../../components/kit";
import { message } from "../../components/toasts";
import { useFreshProof } from "../accounts/ui";
import styles from "./admin.module.css";
import { useRecoverAccountMutation } from "./admin-api";

/**
 * 协助恢复账号: for an owner who signs in with passkeys only and lost every one. Once the moderator
 * has recognised them (by the account's e-mail, an order only they know), 仅通行密钥登录 goes off
 * and the owner resets the password by e-mail; the audit log keeps how they were recognised.
 */
export function AccountRecoveryForm() {
  const [form] = Form.useForm<AccountRecoveryBody>();
  const [recover, { isLoading }] = useRecoverAccountMutation();
  const { withProof, dialog } = useFreshProof();
  const [error, setError] = useState("");
  const submit = async (body: AccountRecoveryBody) => {
    setError("");
    const result = await withProof(() => recover(body));
    if ("error" in result) return setError(errorText(result.error));
    message.success(`已为 ${body.username} 关闭仅通行密钥登录，用户可用邮箱重置密码`);
    form.resetFields();
  };
  return (
    <section className={styles.adminSettlements} aria-labelledby="account-recovery-title">
      <h2 className={styles.adminSettlementsHeading} id="account-recovery-title">
        协助恢复账号
      </h2>
      <p className={styles.adminMuted}>
        用户开启了仅通行密钥登录、又丢失了所有通行密钥时使用：关闭后该账号的通行密钥全部删除、所有设备退出登录，用户可用注册邮箱重置密码。请先核实是用户本人。
      </p>
      <Form form={form} name="account-recovery" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="username"
          label="用户名"
          rules={[{ required: true, whitespace: true, message: "请输入用户名" }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="如何核实了用户身份"
          rules={[
            { required: true, whitespace: true, message: "请写明如何核实了用户身份" },
            { max: ModerationLimits.reasonMax },
          ]}
        >
          <Input.TextArea rows={2} maxLength={ModerationLimits.reasonMax} showCount />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" />}
        <Button danger htmlType="submit" loading={isLoading}>
          关闭仅通行密钥登录
        </Button>
      </Form>
      {dialog}
    </section>
  );
}
