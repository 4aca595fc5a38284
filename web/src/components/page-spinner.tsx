import { Spin } from "antd";

/** Shown while a screen's code loads: a large spinner in the middle of the viewport. */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite" aria-label="页面加载中">
      <Spin size="large" />
    </div>
  );
}
