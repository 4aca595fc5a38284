import type { Address } from "@xianzhi/contract";
import { OrderLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Empty } from "../../components/empty";
import { PlusOutlined } from "../../components/icons";
import { Button, Popconfirm, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import { AddressEntry } from "./address-entry";
import { addressBody, formValuesOf } from "./address-rules";
import { AddressSheet } from "./address-sheet";
import styles from "./addresses.module.css";
import { useAddressesQuery, useDeleteAddressMutation, useEditAddressMutation } from "./addresses-api";

/** Which sheet is open: a new entry's, or the one of the entry edited. */
type Editing = { address?: Address } | null;

/** The personal centre's 收货地址: the book, the default first; add, edit, delete, set the default. */
export function AddressBook() {
  const { data, isLoading } = useAddressesQuery();
  const [editing, setEditing] = useState<Editing>(null);
  if (isLoading || !data) return <Skeleton active />;
  const full = data.length >= OrderLimits.addressesMax;

  return (
    <section aria-label="收货地址" className={styles.addressBook}>
      {data.length === 0 ? (
        <Empty description="还没有收货地址。添加一个，下单时就能直接选" />
      ) : (
        <ul className={styles.addressList}>
          {data.map((address) => (
            <li key={address.id} className={styles.addressCard}>
              <AddressEntry address={address} />
              <AddressActions address={address} onEdit={() => setEditing({ address })} />
            </li>
          ))}
        </ul>
      )}
      <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing({})}>
        新增收货地址
      </Button>
      <p className={styles.addressBookHint}>
        {full
          ? `已保存 ${OrderLimits.addressesMax} 个，删除一个后才能再添加`
          : `最多保存 ${OrderLimits.addressesMax} 个`}
        。卖家在你付款后才能看到收货地址。
      </p>
      <AddressSheet
        key={editing?.address?.id ?? "new"}
        open={editing !== null}
        address={editing?.address}
        firstEntry={data.length === 0}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}

function AddressActions({ address, onEdit }: { address: Address; onEdit(): void }) {
  const [edit, { isLoading: saving }] = useEditAddressMutation();
  const [remove, { isLoading: removing }] = useDeleteAddressMutation();
  const makeDefault = async () => {
    const result = await edit({ id: address.id, body: addressBody({ ...formValuesOf(address), isDefault: true }) });
    if ("error" in result) message.error(errorText(result.error));
  };
  const removeAddress = async () => {
    const result = await remove(address.id);
    if ("error" in result) message.error(errorText(result.error));
  };
  const named = `${address.recipientName} ${address.street}`;
  return (
    <div className={styles.addressActions}>
      {!address.isDefault && (
        <Button type="text" onClick={makeDefault} loading={saving}>
          设为默认<span className={styles.addressActionTarget}>：{named}</span>
        </Button>
      )}
      <Button type="text" onClick={onEdit}>
        编辑<span className={styles.addressActionTarget}>{named}</span>
      </Button>
      <Popconfirm title="删除这个收货地址吗？" okText="删除" cancelText="取消" onConfirm={removeAddress}>
        <Button type="text" danger loading={removing}>
          删除<span className={styles.addressActionTarget}>{named}</span>
        </Button>
      </Popconfirm>
    </div>
  );
}
