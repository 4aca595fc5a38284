import type { SavedSearch } from "@xianzhi/contract";
import { DiscoveryLimits, hiddenCharactersMessage, isShownName } from "@xianzhi/contract/constants";
import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../app/api-error";
import { Empty } from "../../components/empty";
import { Button, Input, Popconfirm, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import { searchAddress } from "../goods";
import { criteriaSummary } from "./criteria-summary";
import styles from "./saved-searches.module.css";
import {
  useDeleteSavedSearchMutation,
  useRenameSavedSearchMutation,
  useSavedSearchesQuery,
} from "./saved-searches-api";

/** The personal centre's 保存的搜索: each opens its search; rename and delete. */
export function SavedSearchList() {
  const { data, isLoading } = useSavedSearchesQuery();
  if (isLoading || !data) return <Skeleton active />;
  if (data.length === 0)
    return <Empty description="还没有保存的搜索。在搜索结果页点「保存搜索」，常搜的就不用再输了" />;
  return (
    <ul className={styles.savedSearches}>
      {data.map((search) => (
        <SavedSearchItem key={search.id} search={search} />
      ))}
    </ul>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const [renaming, setRenaming] = useState(false);
  const [remove, { isLoading: removing }] = useDeleteSavedSearchMutation();
  const removeSearch = async () => {
    const result = await remove(search.id);
    if ("error" in result) message.error(errorText(result.error));
  };
  return (
    <li className={styles.savedSearchesItem}>
      {renaming ? (
        <RenameForm search={search} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <Link className={styles.savedSearchesLink} to={searchAddress(search.criteria)}>
            <strong className={styles.savedSearchesName}>{search.name}</strong>
            <span className={styles.savedSearchesCriteria}>{criteriaSummary(search.criteria)}</span>
          </Link>
          <div className={styles.savedSearchesActions}>
            <Button onClick={() => setRenaming(true)} aria-label={`重命名${search.name}`}>
              重命名
            </Button>
            <Popconfirm title="删除这个保存的搜索吗？" okText="删除" cancelText="取消" onConfirm={removeSearch}>
              <Button danger loading={removing} aria-label={`删除${search.name}`}>
                删除
              </Button>
            </Popconfirm>
          </div>
        </>
      )}
    </li>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const [name, setName] = useState(search.name);
  const [rename, { isLoading }] = useRenameSavedSearchMutation();
  const save = async () => {
    // The server's rule for names others see, in its words.
    if (!isShownName(name.trim())) {
      message.error(hiddenCharactersMessage("名称"));
      return;
    }
    const result = await rename({ id: search.id, name: name.trim() });
    if ("error" in result) message.error(errorText(result.error));
    else onDone();
  };
  return (
    <form
      className={styles.savedSearchesRename}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Input
        aria-label="新名称"
        value={name}
        maxLength={DiscoveryLimits.savedSearchNameMax}
        onChange={(event) => setName(event.target.value)}
        autoFocus
      />
      <Button type="primary" htmlType="submit" loading={isLoading} disabled={!name.trim()}>
        保存
      </Button>
      <Button onClick={onDone}>取消</Button>
    </form>
  );
}
