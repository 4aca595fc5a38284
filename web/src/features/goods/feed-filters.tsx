import { CloseOutlined, FilterOutlined } from "@ant-design/icons";
import { CONDITIONS, type Condition, GoodsLimits } from "@xianzhi/contract/constants";
import { Badge, Button, Checkbox, Drawer, Input, InputNumber } from "antd";
import { type ReactNode, useState } from "react";
import { activeFilterCount, type FeedFilterValues, MAX_YUAN, NO_FILTERS, priceRangeText } from "./feed-filter-values";

const conditionOptions = Object.entries(CONDITIONS).map(([value, label]) => ({ value: value as Condition, label }));

interface FeedFiltersProps {
  values: FeedFilterValues;
  onChange(values: FeedFilterValues): void;
}

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

/** 筛选: a button opening a panel of 价格区间, 成色 and 城市, applied together with 确定. */
export function FeedFilterButton({ values, onChange }: FeedFiltersProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(values);
  const reversed = draft.minYuan !== undefined && draft.maxYuan !== undefined && draft.minYuan > draft.maxYuan;

  const openPanel = () => {
    setDraft(values);
    setOpen(true);
  };
  const apply = () => {
    onChange({ ...draft, city: draft.city.trim() });
    setOpen(false);
  };
  return (
    <>
      <Badge count={activeFilterCount(values)} size="small" color="var(--brand)">
        <Button icon={<FilterOutlined />} onClick={openPanel} className="feed-filters__open">
          筛选
        </Button>
      </Badge>
      <Drawer
        title="筛选"
        open={open}
        onClose={() => setOpen(false)}
        size="min(380px, 100vw)"
        className="feed-filters"
        footer={
          <div className="feed-filters__actions">
            <Button size="large" onClick={() => setDraft(NO_FILTERS)}>
              重置
            </Button>
            <Button size="large" type="primary" onClick={apply} disabled={reversed}>
              确定
            </Button>
          </div>
        }
      >
        <fieldset className="feed-filters__group">
          <legend>价格区间（元）</legend>
          <div className="feed-filters__price">
            <PriceInput label="最低价" value={draft.minYuan} onChange={(minYuan) => setDraft({ ...draft, minYuan })} />
            <span aria-hidden="true">-</span>
            <PriceInput label="最高价" value={draft.maxYuan} onChange={(maxYuan) => setDraft({ ...draft, maxYuan })} />
          </div>
          {reversed && (
            <p className="feed-filters__error" role="alert">
              最低价不能高于最高价
            </p>
          )}
        </fieldset>
        <fieldset className="feed-filters__group">
          <legend>成色</legend>
          <Checkbox.Group
            className="feed-filters__conditions"
            options={conditionOptions}
            value={draft.conditions}
            onChange={(conditions) => setDraft({ ...draft, conditions })}
          />
        </fieldset>
        <fieldset className="feed-filters__group">
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
    <ul className="feed-filters__active" aria-label="已选筛选条件">
      {chips.map(({ text, without }) => (
        <li key={text}>
          <button
            type="button"
            className="feed-filters__chip"
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
      <Button type="link" className="feed-filters__clear" onClick={() => onChange(NO_FILTERS)}>
        清除筛选
      </Button>
    </>
  );
}
