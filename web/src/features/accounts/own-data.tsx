import type { DeleteAccountBody } from "@xianzhi/contract";
import { AccountLimits, Errors, OwnDataLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppDispatch } from "../../app/hooks";
import { ACCESS_TOKEN_KEY, paths } from "../../app/paths";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Divider, Form, Input } from "../../components/kit";
import { saveFile } from "../../components/save-file";
import { Sheet } from "../../components/sheet";
import { message } from "../../components/toasts";
import styles from "./accounts.module.css";
import { useDeleteAccountMutation } from "./accounts-api";
import { useFreshProof } from "./identity-proof";
import { signOut } from "./session";

const EXPORT_URL = "/api/user/export";

/** The file's name as the server gives it (`attachment; filename="…"`), else one of today. */
function fileNameOf(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return named?.[1] ?? `xianzhi-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * 下载我的数据: everything the account holds, as one JSON file. Fetched with the token (a plain
 * link could not send it), then handed to the browser as a download.
 */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const token = localStorage.getItem(ACCESS_TOKEN_KEY) ?? "";
      const response = await fetch(EXPORT_URL, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) {
        const envelope = (await response.json().catch(() => null)) as { msg?: string } | null;
        message.error(envelope?.msg ?? "下载失败，请稍后再试");
        return;
      }
      saveFile(await response.blob(), fileNameOf(response));
      message.success("已开始下载你的数据");
    } catch {
      message.error("网络异常，下载失败，请稍后再试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.securityForm} aria-labelledby="own-data-download">
      <Divider titlePlacement="start">
        <span id="own-data-download">下载我的数据</span>
      </Divider>
      <p className={styles.ownDataText}>
        把你的资料、发布的闲置（含图片地址）、评论、收藏、聊天记录、出价、交易和评价打包成一个 JSON 文件下载。
      </p>
      <FingerSized>
        <Button onClick={download} loading={busy}>
          下载我的数据
        </Button>
      </FingerSized>
    </section>
  );
}

/**
 * 注销账号: what happens, said before it does; the password, then a last confirmation. Once
 * closed the browser forgets the session and the home page opens with a message.
 */
export function DeleteAccountSection() {
  const [form] = Form.useForm<DeleteAccountBody>();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [confirming, setConfirming] = useState(false);
  const { withProof, dialog } = useFreshProof();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const confirm = async () => {
    setConfirming(false);
    const result = await withProof(() => deleteAccount({ password: form.getFieldValue("password") }));
    if ("error" in result) {
      const error = result.error;
      if (error && "code" in error && error.code === Errors.OLD_PASSWORD_WRONG.code) {
        form.setFields([{ name: "password", errors: [errorText(error)] }]);
      } else {
        message.error(errorText(error));
      }
      return;
    }
    signOut(dispatch);
    navigate(paths.home, { replace: true });
    message.success("账号已注销，感谢你使用闲置");
  };

  return (
    <section className={styles.securityForm} aria-labelledby="own-data-delete">
      <Divider titlePlacement="start">
        <span id="own-data-delete">注销账号</span>
      </Divider>
      <Alert
        type="warning"
        showIcon
        title="注销后无法恢复"
        description={
          <ul className={styles.ownDataList}>
            <li>立即退出所有设备，无法再用这个账号登录；</li>
            <li>你发布的闲置和图片会被删除，不再出现在列表和搜索中；</li>
            <li>你的收藏、关注、保存的搜索和通知会被删除；</li>
            <li>你发过的评论、聊天消息和交易评价会保留给对方，署名显示为“已注销用户”；</li>
            <li>用户名和邮箱 {OwnDataLimits.deletedAccountHoldDays} 天后才能被重新注册。建议先“下载我的数据”。</li>
          </ul>
        }
      />
      <FingerSized>
        <Form
          form={form}
          name="delete-account"
          layout="vertical"
          onFinish={() => setConfirming(true)}
          className={styles.ownDataForm}
        >
          <Form.Item
            name="password"
            label="登录密码（确认是你本人）"
            extra="为确认是您本人操作"
            rules={[{ required: true, message: "请输入登录密码" }, { max: AccountLimits.passwordMax }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button danger htmlType="submit">
            注销账号
          </Button>
        </Form>
      </FingerSized>
      <Sheet title="确定注销账号吗？" open={confirming} onClose={() => setConfirming(false)}>
        <p>注销后账号和你发布的闲置将被删除，且无法恢复。</p>
        <FingerSized>
          <div className={styles.ownDataConfirm}>
            <Button onClick={() => setConfirming(false)}>再想想</Button>
            <Button danger type="primary" loading={isLoading} onClick={confirm}>
              确认注销
            </Button>
          </div>
        </FingerSized>
      </Sheet>
      {dialog}
    </section>
  );
}
