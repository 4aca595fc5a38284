import type { Address } from "@xianzhi/contract";
import { errorText } from "../../app/api-error";
import { Button, Checkbox, Form, Input } from "../../components/kit";
import { message } from "../../components/toasts";
import {
  ADDRESS_FIELDS,
  type AddressField,
  type AddressFormValues,
  addressBody,
  addressFieldProblem,
  formValuesOf,
} from "./address-rules";
import styles from "./addresses.module.css";
import { useAddAddressMutation, useEditAddressMutation } from "./addresses-api";

const FIELD_ORDER: AddressField[] = ["recipientName", "phone", "region", "street"];

/** A field's check: the contract's rule, in its words. */
const ruleOf = (field: AddressField) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = addressFieldProblem(field, value ?? "");
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

interface AddressFormProps {
  /** The entry edited; a new one without. */
  address?: Address;
  /** Whether the book is empty: its first entry is the default whatever the box says. */
  firstEntry: boolean;
  onSaved(address: Address): void;
  onCancel(): void;
}

/**
 * One entry of the address book: 收货人, 手机号, 所在地区, 详细地址 and 设为默认. The default entry
 * stays the default (the book always has one), so its box is ticked and fixed.
 */
export function AddressForm({ address, firstEntry, onSaved, onCancel }: AddressFormProps) {
  const [add, { isLoading: adding }] = useAddAddressMutation();
  const [edit, { isLoading: editing }] = useEditAddressMutation();
  const defaultFixed = firstEntry || Boolean(address?.isDefault);

  const save = async (values: AddressFormValues) => {
    const body = addressBody({ ...values, isDefault: values.isDefault || defaultFixed });
    const result = address ? await edit({ id: address.id, body }) : await add(body);
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    message.success(address ? "收货地址已保存" : "已添加收货地址");
    onSaved(result.data);
  };

  return (
    <Form<AddressFormValues>
      layout="vertical"
      initialValues={formValuesOf(address, defaultFixed)}
      onFinish={save}
      className={styles.addressForm}
      requiredMark={false}
    >
      {FIELD_ORDER.map((field) => {
        const { label, max, placeholder } = ADDRESS_FIELDS[field];
        return (
          <Form.Item key={field} name={field} label={label} rules={[ruleOf(field)]} validateFirst>
            {field === "street" ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={max} placeholder={placeholder} />
            ) : (
              <Input
                maxLength={field === "phone" ? 13 : max}
                placeholder={placeholder}
                inputMode={field === "phone" ? "tel" : undefined}
                autoComplete={field === "phone" ? "tel" : field === "recipientName" ? "name" : undefined}
              />
            )}
          </Form.Item>
        );
      })}
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox disabled={defaultFixed}>设为默认收货地址</Checkbox>
      </Form.Item>
      <div className={styles.addressFormButtons}>
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" htmlType="submit" loading={adding || editing}>
          保存
        </Button>
      </div>
    </Form>
  );
}
