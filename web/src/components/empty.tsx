import { withAntd } from "./with-antd";

/** Ant Design's Empty (its picture and words), loaded with Ant Design when a list first turns out empty. */
export const Empty = withAntd(async () => (await import("antd/es/empty")).default);
