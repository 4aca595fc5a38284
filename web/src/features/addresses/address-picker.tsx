import { OrderLimits } from "@xianzhi/contract/constants";
import { useEffect, useState } from "react";
import { PlusOutlined } from "../../components/icons";
import { Button, Radio, Skeleton } from "../../components/kit";
import { AddressEntry } from "./address-entry";
import { pickedAddressId } from "./address-rules";
import { AddressSheet } from "./address-sheet";
import styles from "./addresses.module.css";
import { useAddressesQuery } from "./addresses-api";

interface AddressPickerProps {
  /** The picked entry's id; the picker picks the default while none is. */
  value: string | undefined;
  onChange(addressId: string | undefined): void;
}

/** Checkout's 收货地址: one entry of the book, the default picked first, or a new one added here. */
export function AddressPicker({ value, onChange }: AddressPickerProps) {
  const { data, isLoading } = useAddressesQuery();
  const [adding, setAdding] = useState(false);
  const picked = data && pickedAddressId(data, value);
  useEffect(() => {
    if (data && picked !== value) onChange(picked);
  }, [data, picked, value, onChange]);

  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <div className={styles.addressPicker}>
      {data.length === 0 ? (
        <p className={styles.addressPickerEmpty}>还没有收货地址，添加一个再下单</p>
      ) : (
        <Radio.Group
          aria-label="收货地址"
          value={picked}
          onChange={(event) => onChange(String(event.target.value))}
          className={styles.addressPickerChoices}
        >
          {data.map((address) => (
            <Radio
              key={address.id}
              value={address.id}
              className={`${styles.addressCard} ${styles.addressPickerChoice}`}
            >
              <AddressEntry address={address} />
            </Radio>
          ))}
        </Radio.Group>
      )}
      {data.length < OrderLimits.addressesMax && (
        <Button type={data.length === 0 ? "primary" : "dashed"} icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增收货地址
        </Button>
      )}
      <AddressSheet
        open={adding}
        firstEntry={data.length === 0}
        onClose={() => setAdding(false)}
        onSaved={(address) => onChange(address.id)}
      />
    </div>
  );
}
