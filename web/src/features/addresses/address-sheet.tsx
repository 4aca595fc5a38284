import type { Address } from "@xianzhi/contract";
import { Sheet } from "../../components/sheet";
import { AddressForm } from "./address-form";

interface AddressSheetProps {
  open: boolean;
  /** The entry edited; a new one without. */
  address?: Address;
  firstEntry: boolean;
  onClose(): void;
  onSaved?(address: Address): void;
}

/** The address form over the screen: a sheet from the bottom on a phone, a dialog on a desktop. */
export function AddressSheet({ open, address, firstEntry, onClose, onSaved }: AddressSheetProps) {
  return (
    <Sheet title={address ? "编辑收货地址" : "新增收货地址"} open={open} onClose={onClose}>
      <AddressForm
        address={address}
        firstEntry={firstEntry}
        onCancel={onClose}
        onSaved={(saved) => {
          onClose();
          onSaved?.(saved);
        }}
      />
    </Sheet>
  );
}
