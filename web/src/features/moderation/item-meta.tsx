import type { ReactNode } from "react";

/**
 * Ant Design's List.Item.Meta (its class names, so it looks the same) without its fixed <h4>, which
 * skipped two levels under the console's h1: a queue's item is an h2 under it, a log line no heading.
 */
export function ItemMeta({
  title,
  description,
  heading = false,
}: {
  title: ReactNode;
  description: ReactNode;
  heading?: boolean;
}) {
  const Title = heading ? "h2" : "div";
  return (
    <div className="ant-list-item-meta">
      <div className="ant-list-item-meta-content">
        <Title className="ant-list-item-meta-title">{title}</Title>
        <div className="ant-list-item-meta-description">{description}</div>
      </div>
    </div>
  );
}
