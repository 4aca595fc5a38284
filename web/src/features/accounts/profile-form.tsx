import type { UserInfo } from "@xianzhi/contract";
import { AccountLimits, UploadLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { FingerSized } from "../../components/finger-sized";
import { UploadOutlined, UserOutlined } from "../../components/icons";
import { Avatar, Button, Form, Input, Upload } from "../../components/kit";
import { shownNameRule } from "../../components/name-rules";
import { message } from "../../components/toasts";
import { useUploadPicture } from "../pictures";
import styles from "./accounts.module.css";
import { useUpdateProfileMutation } from "./accounts-api";

/** The avatar is saved as soon as it is uploaded or removed, so leaving the page never loses it. */
function AvatarField({ initialUrl }: { initialUrl: string }) {
  const uploadPicture = useUploadPicture();
  const [saveAvatar, { isLoading: saving }] = useUpdateProfileMutation();
  const [avatarUrl, setAvatarUrl] = useState(initialUrl);
  const [uploading, setUploading] = useState(false);

  const change = async (next: string, done: string) => {
    const result = await saveAvatar({ avatarUrl: next });
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    setAvatarUrl(next);
    message.success(done);
  };

  const pick = (file: File) => {
    setUploading(true);
    uploadPicture(file)
      .then((uploaded) => change(uploaded.thumbUrl, "头像已更新"))
      .catch((error: unknown) => message.error(errorText(error)))
      .finally(() => setUploading(false));
    return false;
  };

  return (
    <Form.Item label="头像" extra="选好图片即保存，无需再点“保存资料”">
      <div className={styles.profileFormAvatar}>
        <Avatar size={72} src={avatarUrl || undefined} icon={<UserOutlined />} alt="我的头像" />
        <Upload accept={UploadLimits.types.join(",")} showUploadList={false} beforeUpload={pick}>
          <Button icon={<UploadOutlined />} loading={uploading || saving}>
            更换头像
          </Button>
        </Upload>
        {avatarUrl && (
          <Button type="link" onClick={() => void change("", "头像已移除")} disabled={uploading || saving}>
            移除
          </Button>
        )}
      </div>
    </Form.Item>
  );
}

export function ProfileForm({ me }: { me: UserInfo }) {
  const [update, { isLoading }] = useUpdateProfileMutation();

  const save = async (values: { nickname: string; bio?: string }) => {
    const result = await update({ nickname: values.nickname, bio: values.bio ?? "" });
    if ("error" in result) message.error(errorText(result.error));
    else message.success("资料已更新");
  };

  return (
    <FingerSized>
      <Form
        layout="vertical"
        initialValues={{ nickname: me.nickname, bio: me.bio }}
        onFinish={save}
        className={styles.profileForm}
      >
        <AvatarField initialUrl={me.avatarUrl ?? ""} />
        <Form.Item
          name="nickname"
          label="昵称"
          rules={[{ required: true, whitespace: true }, { max: AccountLimits.nicknameMax }, shownNameRule("昵称")]}
        >
          <Input maxLength={AccountLimits.nicknameMax} showCount />
        </Form.Item>
        <Form.Item name="bio" label="个人简介" rules={[{ max: AccountLimits.bioMax }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={AccountLimits.bioMax} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          保存资料
        </Button>
      </Form>
    </FingerSized>
  );
}
