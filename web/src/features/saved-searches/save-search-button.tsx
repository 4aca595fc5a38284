import type { SearchCriteria } from "@xianzhi/contract";
import { errorText } from "../../app/api-error";
import { PlainButton } from "../../components/plain-controls";
import { message } from "../../components/toasts";
import { useSaveSearchMutation } from "./saved-searches-api";

/** 保存搜索 on the search page: keeps its keyword and filters, to find in the personal centre. */
export function SaveSearchButton({ criteria }: { criteria: SearchCriteria }) {
  const [save, { isLoading }] = useSaveSearchMutation();
  const saveSearch = async () => {
    const result = await save(criteria);
    if ("error" in result) message.error(errorText(result.error));
    else message.success("已保存，可在个人中心「保存的搜索」里找到");
  };
  return (
    <PlainButton onClick={saveSearch} loading={isLoading}>
      保存搜索
    </PlainButton>
  );
}
