import { ConfigProvider } from "antd";
import type { ReactNode } from "react";

const FINGER_PX = 44;

/** Forms are filled in on phones: fields and buttons as tall as a fingertip, text at 16 px. */
export function FingerSized({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider componentSize="large" theme={{ token: { controlHeightLG: FINGER_PX } }}>
      {children}
    </ConfigProvider>
  );
}
