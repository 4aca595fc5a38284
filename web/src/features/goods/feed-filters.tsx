import { CONDITIONS } from "@xianzhi/contract/constants";
import { type ReactNode, useState } from "react";
import { CountBadge } from "../../components/count-badge";
import { CloseOutlined, FilterOutlined } from "../../components/icons";
import { PlainButton, PlainLinkButton } from "../../components/plain-controls";
import { withAntd } from "../../components/with-antd";
import styles from "./feed.module.css";
import { activeFilterCount, type FeedFilterValues, NO_FILTERS, priceRangeText } from "./feed-filter-values";

const FeedFilterPanel = withAntd(async () => (await import("./feed-filter-panel")).default);

interface FeedFiltersProps {
  values: FeedFilterValues;
  onChange(values: FeedFilterValues): void;
}

/** 筛选: a button opening a panel of 价格区间, 成色 and 城市, applied together with 确定. */
export function FeedFilterButton({ values, onChange }: FeedFiltersProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(values);

  const openPanel = () => {
    setDraft(values);
    setOpen(true);
    setOpened(true);
  };
  const apply = () => {
    onChange({ ...draft, city: draft.city.trim() });
    setOpen(false);
  };
  return (
    <>
      <CountBadge count={activeFilterCount(values)} className={styles.feedFiltersBadge}>
        <PlainButton icon={<FilterOutlined />} onClick={openPanel} className={styles.feedFiltersOpen}>
          筛选
        </PlainButton>
      </CountBadge>
      {/* Mounted from the first opening on, so that it keeps its closing animation. */}
      {opened && (
        <FeedFilterPanel open={open} draft={draft} setDraft={setDraft} onClose={() => setOpen(false)} onApply={apply} />
      )}
    </>
  );
}

/** The filters in force, each a chip that removes it. */
export function ActiveFilters({ values, onChange }: FeedFiltersProps) {
  const chips: { text: string; without: Partial<FeedFilterValues> }[] = [];
  if (values.minYuan !== undefined || values.maxYuan !== undefined) {
    chips.push({ text: priceRangeText(values), without: { minYuan: undefined, maxYuan: undefined } });
  }
  if (values.conditions.length > 0) {
    chips.push({
      text: values.conditions.map((condition) => CONDITIONS[condition]).join("、"),
      without: { conditions: [] },
    });
  }
  if (values.city) chips.push({ text: values.city, without: { city: "" } });
  if (chips.length === 0) return null;
  return (
    <ul className={styles.feedFiltersActive} aria-label="已选筛选条件">
      {chips.map(({ text, without }) => (
        <li key={text}>
          <button
            type="button"
            className={styles.feedFiltersChip}
            aria-label={`移除筛选：${text}`}
            onClick={() => onChange({ ...values, ...without })}
          >
            {text}
            <CloseOutlined aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What an empty feed says when filters may be why: and a way to drop them. */
export function NothingMatches({ values, onChange, otherwise }: FeedFiltersProps & { otherwise: ReactNode }) {
  if (activeFilterCount(values) === 0) return otherwise;
  return (
    <>
      没有符合筛选条件的闲置，
      <PlainLinkButton onClick={() => onChange(NO_FILTERS)}>清除筛选</PlainLinkButton>
    </>
  );
}
