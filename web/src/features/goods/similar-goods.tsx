import type { Category } from "@xianzhi/contract/constants";
import type { UseCardMarks } from "./card-marks";
import feedStyles from "./feed.module.css";
import { useGoodsListQuery } from "./goods-api";
import { GoodsCard } from "./goods-card";
import styles from "./similar-goods.module.css";

const SHOWN = 4;

/** Other goods of the same category, newest first: where a buyer who did not settle looks next. */
export function SimilarGoods({
  goodsId,
  category,
  useMarks,
}: {
  goodsId: string;
  category: Category;
  useMarks: UseCardMarks;
}) {
  const { data } = useGoodsListQuery({ category, sort: "latest", page: 1, pageSize: SHOWN + 1 });
  const others = (data?.list ?? []).filter((goods) => goods.id !== goodsId).slice(0, SHOWN);
  const marks = useMarks(others);
  if (others.length === 0) return null;
  return (
    <section className={styles.similarGoods} aria-labelledby="similar-goods-title">
      <h2 id="similar-goods-title">同类闲置</h2>
      <div className={feedStyles.goodsGrid}>
        {others.map((goods) => (
          <GoodsCard
            key={goods.id}
            goods={goods}
            action={marks.cardAction(goods)}
            priceNote={marks.cardPriceNote(goods)}
          />
        ))}
      </div>
    </section>
  );
}
