import type { PayoutAccount, PayoutAccountBody } from "@xianzhi/contract";
import { useState } from "react";
import { api } from "../../app/api";
import { errorText } from "../../app/api-error";
import { FingerSized } from "../../components/finger-sized";
import { Alert, Button, Divider, Form, Input, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./accounts.module.css";
import { payoutAccountRules } from "./payout-account-rules";

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
 * this account, and a sale's money waits until it is set; the sandbox provider needs none.
 */
export function PayoutAccountForm() {
  const { data, isLoading } = payoutApi.usePayoutAccountQuery();
  const [save, { isLoading: saving }] = payoutApi.useSetPayoutAccountMutation();
  const [error, setError] = useState("");
  if (isLoading || !data) return <Skeleton active />;

  const submit = async (values: PayoutAccountBody) => {
    setError("");
    const result = await save({ alipayAccount: values.alipayAccount.trim() });
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    message.success("收款账户已保存");
  };

  return (
    <FingerSized>
      <Form
        name="payout-account"
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
        <Button type="primary" htmlType="submit" loading={saving}>
          保存收款账户
        </Button>
      </Form>
    </FingerSized>
  );
}
