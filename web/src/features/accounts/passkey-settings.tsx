import type { Passkey } from "@xianzhi/contract";
import { PasskeyLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { KeyOutlined } from "../../components/icons";
import { Alert, Button, Form, Input, Popconfirm, Switch, Tag } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./accounts.module.css";
import { useFreshProof } from "./identity-proof";
import { usePasskeyCeremony } from "./passkey-ceremony";
import { defaultPasskeyName, passkeyLine } from "./passkey-lines";
import {
  useAddPasskeyMutation,
  useNewPasskeyOptionsMutation,
  usePasskeysQuery,
  useRemovePasskeyMutation,
  useSetPasskeyOnlyMutation,
} from "./passkeys-api";
import { SecuritySection } from "./security-section";

type WithProof = ReturnType<typeof useFreshProof>["withProof"];

function PasskeyItem({ passkey, withProof }: { passkey: Passkey; withProof: WithProof }) {
  const [remove, { isLoading }] = useRemovePasskeyMutation();
  const removeIt = async () => {
    const result = await withProof(() => remove(passkey.id));
    if ("error" in result) message.error(errorText(result.error));
    else message.success("通行密钥已删除");
  };
  return (
    <li className={styles.sessionDevicesItem}>
      <KeyOutlined className={styles.sessionDevicesIcon} />
      <div className={styles.sessionDevicesText}>
        <div className={styles.sessionDevicesTitle}>
          {passkey.name} {passkey.synced && <Tag>已同步</Tag>}
        </div>
        <div className={styles.sessionDevicesDetail}>{passkeyLine(passkey)}</div>
      </div>
      <Popconfirm
        title="删除这个通行密钥？"
        description="删除后，这台设备不能再用它登录闲置。"
        okText="删除"
        cancelText="取消"
        onConfirm={removeIt}
      >
        <Button className={styles.sessionDevicesEnd} loading={isLoading} aria-label={`删除通行密钥 ${passkey.name}`}>
          删除
        </Button>
      </Popconfirm>
    </li>
  );
}

/** Names the new passkey, then asks the device to make it (after 身份验证 when the server asks). */
function AddPasskeyForm({ withProof, onDone }: { withProof: WithProof; onDone: () => void }) {
  const [newOptions] = useNewPasskeyOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const { busy, error, run } = usePasskeyCeremony();
  const submit = async ({ name }: { name: string }) => {
    const added = await run(
      "create",
      () => withProof(() => newOptions()),
      (answer) => add({ ...answer, name: name.trim() }),
    );
    if (!added) return;
    message.success("通行密钥已添加");
    onDone();
  };
  return (
    <Form
      name="add-passkey"
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: defaultPasskeyName(navigator.userAgent) }}
      onFinish={submit}
    >
      <Form.Item
        name="name"
        label="通行密钥名称"
        extra="方便你认出是哪台设备，例如“我的手机”"
        rules={[
          { required: true, whitespace: true, message: "请给通行密钥起个名字" },
          { max: PasskeyLimits.nameMaxLength, message: `名字不能超过 ${PasskeyLimits.nameMaxLength} 个字` },
        ]}
      >
        <Input maxLength={PasskeyLimits.nameMaxLength} autoFocus />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon role="alert" />}
      <div className={styles.twoStepActions}>
        <Button type="primary" htmlType="submit" loading={busy}>
          创建通行密钥
        </Button>
        <Button onClick={onDone} disabled={busy}>
          取消
        </Button>
      </div>
    </Form>
  );
}

/**
 * 通行密钥 in 账号安全: the account's passkeys (added and removed after 身份验证), and
 * 仅通行密钥登录, which refuses the password at sign-in and the e-mail reset; switching it on
 * asks for a passkey, so whoever does it shows they can still get in.
 */
export function PasskeySettings() {
  const { data, isLoading, error } = usePasskeysQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setOnly, { isLoading: switching }] = useSetPasskeyOnlyMutation();
  const { withProof, dialog } = useFreshProof();
  const [adding, setAdding] = useState(false);
  const switchOnly = async (on: boolean) => {
    const result = await withProof(() => setOnly({ on }));
    if ("error" in result) message.error(errorText(result.error));
    else message.success(on ? "已开启仅通行密钥登录" : "已关闭仅通行密钥登录");
  };
  const passkeys = data?.passkeys ?? [];
  return (
    <SecuritySection id="passkeys-title" title="通行密钥" isLoading={isLoading} error={error}>
      <p className={styles.twoStepText}>
        用手机或电脑的指纹、面容或锁屏密码登录，不用输入密码，钓鱼网站也骗不走。
        {data && passkeys.length === 0 && "你还没有添加通行密钥。"}
      </p>
      {passkeys.length > 0 && (
        <ul className={styles.sessionDevicesList} aria-label="我的通行密钥">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} withProof={withProof} />
          ))}
        </ul>
      )}
      {data &&
        (adding ? (
          <AddPasskeyForm withProof={withProof} onDone={() => setAdding(false)} />
        ) : (
          <div className={styles.twoStepActions}>
            <Button type="primary" onClick={() => setAdding(true)}>
              添加通行密钥
            </Button>
          </div>
        ))}
      {data && (
        <div className={styles.passkeyOnly}>
          <span className={styles.passkeyOnlyText}>
            <span className={styles.twoStepTitle} id="passkey-only-title">
              仅通行密钥登录
            </span>
            <span className={styles.twoStepText}>
              {passkeys.length === 0
                ? "添加通行密钥后可开启。"
                : "开启后，不能再用密码登录，也不能用邮箱重置密码，只能用通行密钥登录。"}
            </span>
          </span>
          <Switch
            checked={data.passkeyOnly}
            loading={switching}
            disabled={passkeys.length === 0 && !data.passkeyOnly}
            onChange={switchOnly}
            aria-labelledby="passkey-only-title"
          />
        </div>
      )}
      {dialog}
    </SecuritySection>
  );
}
