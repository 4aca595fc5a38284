import type { Address } from "@xianzhi/contract";
import { addressLine } from "./address-rules";
import styles from "./addresses.module.css";

/** An entry as the book and checkout show it: who, their phone, 默认, and where. */
export function AddressEntry({ address }: { address: Address }) {
  return (
    <div className={styles.addressEntry}>
      <div className={styles.addressEntryWho}>
        <strong>{address.recipientName}</strong>
        <span>{address.phone}</span>
        {address.isDefault && <span className={styles.addressEntryDefault}>默认</span>}
      </div>
      <div className={styles.addressEntryWhere}>{addressLine(address)}</div>
    </div>
  );
}
