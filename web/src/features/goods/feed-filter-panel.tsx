import { CONDITIONS, type Condition, GoodsLimits } from "@xianzhi/contract/constants";
import { Button, Checkbox, Drawer, Input, InputNumber } from "../../components/kit";
import styles from "./feed.module.css";
import { type FeedFilterValues, MAX_YUAN, NO_FILTERS } from "./feed-filter-values";

const conditionOptions = Object.entries(CONDITIONS).map(([value, label]) => ({ value: value as Condition, label }));

/** One end of the price range, in yuan; emptied, it is no bound. */
function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange(yuan: number | undefined): void;
}) {
  return (
    <InputNumber
      size="large"
      aria-label={label}
      placeholder={label}
      min={0}
      max={MAX_YUAN}
      precision={2}
      value={value ?? null}
      onChange={(yuan) => onChange(yuan ?? undefined)}
    />
  );
}

interface FeedFilterPanelProps {
  open: boolean;
  draft: FeedFilterValues;
  setDraft(values: FeedFilterValues): void;
  onClose(): void;
  onApply(): void;
}

/**
 * The panel of 价格区间, 成色 and 城市 behind 筛选: a chunk of its own, loaded when first opened,
 * so the feed's first load carries no drawer, checkboxes or number inputs.
 */
export default function FeedFilterPanel({ open, draft, setDraft, onClose, onApply: apply }: FeedFilterPanelProps) {
  const reversed = draft.minYuan !== undefined && draft.maxYuan !== undefined && draft.minYuan > draft.maxYuan;
  return (
    <Drawer
      title="筛选"
      open={open}
      onClose={onClose}
      size="min(380px, 100vw)"
      footer={
        <div className={styles.feedFiltersActions}>
          <Button size="large" onClick={() => setDraft(NO_FILTERS)}>
            重置
          </Button>
          <Button size="large" type="primary" onClick={apply} disabled={reversed}>
            确定
          </Button>
        </div>
      }
    >
      <fieldset className={styles.feedFiltersGroup}>
        <legend>价格区间（元）</legend>
        <div className={styles.feedFiltersPrice}>
          <PriceInput label="最低价" value={draft.minYuan} onChange={(minYuan) => setDraft({ ...draft, minYuan })} />
          <span aria-hidden="true">-</span>
          <PriceInput label="最高价" value={draft.maxYuan} onChange={(maxYuan) => setDraft({ ...draft, maxYuan })} />
        </div>
        {reversed && (
          <p className={styles.feedFiltersError} role="alert">
            最低价不能高于最高价
          </p>
        )}
      </fieldset>
      <fieldset className={styles.feedFiltersGroup}>
        <legend>成色</legend>
        <Checkbox.Group
          className={styles.feedFiltersConditions}
          options={conditionOptions}
          value={draft.conditions}
          onChange={(conditions) => setDraft({ ...draft, conditions })}
        />
      </fieldset>
      <fieldset className={styles.feedFiltersGroup}>
        <legend>城市</legend>
        <Input
          size="large"
          aria-label="城市"
          placeholder="如：上海"
          allowClear
          maxLength={GoodsLimits.locationMax}
          value={draft.city}
          onChange={(event) => setDraft({ ...draft, city: event.target.value })}
          onPressEnter={reversed ? undefined : apply}
        />
      </fieldset>
    </Drawer>
  );
}
