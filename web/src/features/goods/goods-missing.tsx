import { Button, Result } from "../../components/kit";

/** What the goods page says of goods that are not there (unknown, or deleted). */
export function GoodsMissing({ onHome }: { onHome: () => void }) {
  return <Result status="404" title="闲置不存在或已删除" extra={<Button onClick={onHome}>回首页</Button>} />;
}
