import type { WordRuleAction } from "@xianzhi/contract";
import { ModerationLimits, WORD_RULE_ACTIONS } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Empty, Input, List, Popconfirm, Select, Skeleton } from "../../components/kit";
import styles from "./admin.module.css";
import {
  useAddWordRuleMutation,
  useRemoveWordRuleMutation,
  useSetWordRuleActionMutation,
  useWordRulesQuery,
} from "./admin-api";

const ACTION_OPTIONS = Object.entries(WORD_RULE_ACTIONS).map(([value, label]) => ({ value, label }));

/** The prohibited words: goods whose title or description has one are refused, or held for review. */
export function WordRulesPanel() {
  const { data, isLoading } = useWordRulesQuery();
  const [word, setWord] = useState("");
  const [action, setAction] = useState<WordRuleAction>("refuse");
  const [error, setError] = useState("");
  const [add, { isLoading: adding }] = useAddWordRuleMutation();
  const [setRuleAction] = useSetWordRuleActionMutation();
  const [remove] = useRemoveWordRuleMutation();

  const submit = async () => {
    setError("");
    const result = await add({ word: word.trim(), action });
    if ("error" in result) setError(errorText(result.error));
    else setWord("");
  };

  return (
    <>
      <form
        className={styles.adminRuleForm}
        aria-label="添加违禁词"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Input
          aria-label="违禁词"
          placeholder="违禁词"
          value={word}
          maxLength={ModerationLimits.wordMax}
          onChange={(event) => setWord(event.target.value)}
        />
        <Select aria-label="处理方式" value={action} options={ACTION_OPTIONS} onChange={setAction} />
        <Button type="primary" htmlType="submit" loading={adding} disabled={word.trim() === ""}>
          添加
        </Button>
      </form>
      {error && <Alert type="error" title={error} role="alert" />}
      {isLoading && <Skeleton active />}
      {data && data.length === 0 && <Empty description="还没有违禁词" />}
      <List
        className={styles.adminList}
        dataSource={data ?? []}
        renderItem={(rule) => (
          <List.Item
            key={rule.id}
            actions={[
              <Select
                key="action"
                aria-label={`${rule.word} 的处理方式`}
                size="small"
                value={rule.action}
                options={ACTION_OPTIONS}
                onChange={(value) => void setRuleAction({ id: rule.id, action: value })}
              />,
              <Popconfirm key="remove" title={`删除“${rule.word}”？`} onConfirm={() => void remove(rule.id)}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={rule.word} description={rule.createdBy ? `${rule.createdBy.nickname} 添加` : ""} />
          </List.Item>
        )}
      />
    </>
  );
}
