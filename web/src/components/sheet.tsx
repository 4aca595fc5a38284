import { Modal } from "antd";
import type { ReactNode } from "react";
import styles from "./sheet.module.css";

/** Full width up to Ant Design's md breakpoint (768 px, as in sheet.module.css), where it becomes a dialog. */
const SHEET_WIDTH = { xs: "100%", sm: "100%", md: 440 };

interface SheetProps {
  title: string;
  open: boolean;
  onClose(): void;
  /** Called once the sheet has opened: the moment to put the focus in its first field. */
  onOpened?(): void;
  children: ReactNode;
}

/**
 * A small form over the screen, drawn with Ant Design's Modal (which keeps the focus inside while
 * open and gives it back to the button that opened it): a dialog on a wide screen, a sheet rising
 * from the bottom edge on a phone, within the thumb's reach. Its content is dropped when closed,
 * so each opening starts afresh.
 */
export function Sheet({ title, open, onClose, onOpened, children }: SheetProps) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      afterOpenChange={(opened) => opened && onOpened?.()}
      footer={null}
      width={SHEET_WIDTH}
      destroyOnHidden
      rootClassName={styles.sheet}
    >
      {children}
    </Modal>
  );
}
