import { UploadOutlined, UserOutlined } from "@ant-design/icons";
import { AccountLimits, UploadLimits, type UserInfo } from "@xianzhi/contract";
import { App, Avatar, Button, Form, Input, Upload } from "antd";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { uploadPicture } from "../pictures";
import { useUpdateProfileMutation } from "./accounts-api";

export function ProfileForm({ me }: { me: UserInfo }) {
  const { message } = App.useApp();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [avatarUrl, setAvatarUrl] = useState(me.avatarUrl ?? "");
  const [uploading, setUploading] = useState(false);

  const save = async (values: { nickname: string; bio?: string }) => {
    const result = await update({ nickname: values.nickname, bio: values.bio ?? "", avatarUrl });
    if ("error" in result) message.error(errorText(result.error));
    else message.success("资料已更新");
  };

  const pickAvatar = (file: File) => {
    setUploading(true);
    uploadPicture(file, () => {})
      .then((uploaded) => setAvatarUrl(uploaded.thumbUrl))
      .catch((error: unknown) => message.error(errorText(error)))
      .finally(() => setUploading(false));
    return false;
  };

  return (
    <Form
      layout="vertical"
      initialValues={{ nickname: me.nickname, bio: me.bio }}
      onFinish={save}
      className="profile-form"
    >
      <Form.Item label="头像">
        <div className="profile-form__avatar">
          <Avatar size={72} src={avatarUrl || undefined} icon={<UserOutlined />} />
          <Upload accept={UploadLimits.types.join(",")} showUploadList={false} beforeUpload={pickAvatar}>
            <Button icon={<UploadOutlined />} loading={uploading}>
              更换头像
            </Button>
          </Upload>
          {avatarUrl && (
            <Button type="link" onClick={() => setAvatarUrl("")}>
              移除
            </Button>
          )}
        </div>
      </Form.Item>
      <Form.Item
        name="nickname"
        label="昵称"
        rules={[{ required: true, whitespace: true }, { max: AccountLimits.nicknameMax }]}
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
  );
}
