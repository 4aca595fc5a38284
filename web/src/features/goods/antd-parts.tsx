import { withAntd } from "../../components/with-antd";

// Built with Ant Design, and never part of what a visitor sees: each is loaded with it when shown.
// (The goods grid is on every goods screen, which load none of it.)

/** The owner's 状态, 编辑 and 删除 of their goods (the goods page, 我发布的). */
export const OwnerActions = withAntd(async () => (await import("./owner-actions")).OwnerActions);

/** What the goods page says of goods that are not there. */
export const GoodsMissing = withAntd(async () => (await import("./goods-missing")).GoodsMissing);
