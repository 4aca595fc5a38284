import type { PayoutAccount, PayoutAccountBody } from "@xianzhi/contract";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { api } from "../../app/api";
import { errorText } from "../../app/api-error";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Divider, Form, Input, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./accounts.module.css";
import { useFreshProof } from "./identity-proof";
import { isWrongPassword, PAYOUT_FORM_ID, payoutAccountRules, payoutPasswordRules } from "./payout-account-rules";

const payoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    payoutAccount: build.query<PayoutAccount, void>({
      query: () => "/user/payout-account",
      providesTags: ["Me"],
    }),
    setPayoutAccount: build.mutation<PayoutAccount, PayoutAccountBody>({
      query: (body) => ({ url: "/user/payout-account", method: "PUT", body }),
      invalidatesTags: ["Me"],
    }),
  }),
});

/**
 * Where the seller is paid when a protected order succeeds. With Alipay the money is settled to
 * this account, and a sale's money waits until it is set; the sandbox provider needs none. Changing
 * it takes the current password (a browser left signed in cannot send the money elsewhere), and the
 * server mails the account's address.
 */
export function PayoutAccountForm() {
  const [form] = Form.useForm<PayoutAccountBody>();
  const { data, isLoading } = payoutApi.usePayoutAccountQuery();
  const [save, { isLoading: saving }] = payoutApi.useSetPayoutAccountMutation();
  const [error, setError] = useState("");
  const { withProof, dialog } = useFreshProof();
  useScrolledToWhenAsked(data !== undefined);
  if (isLoading || !data) return <Skeleton active />;

  const submit = async (values: PayoutAccountBody) => {
    setError("");
    const result = await withProof(() =>
      save({ alipayAccount: values.alipayAccount.trim(), password: values.password }),
    );
    if ("error" in result) {
      if (isWrongPassword(result.error)) form.setFields([{ name: "password", errors: [errorText(result.error)] }]);
      else setError(errorText(result.error));
      return;
    }
    form.resetFields(["password"]);
    message.success("收款账户已保存");
  };

  return (
    <FingerSized>
      <Form
        form={form}
        name={PAYOUT_FORM_ID}
        layout="vertical"
        onFinish={submit}
        initialValues={{ alipayAccount: data.alipayAccount ?? "" }}
        className={styles.securityForm}
      >
        <Divider titlePlacement="start">收款账户</Divider>
        <p className={styles.securityFormCurrent}>
          收款账户：{data.alipayAccount ?? "未设置"}
          {data.required && !data.alipayAccount ? "（担保交易成功后的货款需要它才能打给你）" : ""}
        </p>
        {error && <Alert type="error" showIcon message={error} />}
        <Form.Item
          name="alipayAccount"
          label="支付宝账号"
          extra="担保交易成功后，货款打入这个支付宝账号"
          rules={payoutAccountRules}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label="当前密码" extra="为确认是您本人操作" rules={payoutPasswordRules}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存收款账户
        </Button>
        <p className={styles.securityFormCurrent}>修改后会发邮件通知你的邮箱</p>
      </Form>
      {dialog}
    </FingerSized>
  );
}

/**
 * A link to the form (PAYOUT_ACCOUNT_PATH, from 我的收入) opens the tab before the form has come:
 * the router's own scroll to the address's #id finds nothing, so the form scrolls itself into view
 * once shown.
 */
function useScrolledToWhenAsked(shown: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (shown && hash === `#${PAYOUT_FORM_ID}`) document.getElementById(PAYOUT_FORM_ID)?.scrollIntoView();
  }, [shown, hash]);
}
