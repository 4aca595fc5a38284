import type { RefundWords } from "@xianzhi/contract";
import { formatTime } from "../../components/format";
import { Image } from "../../components/kit";
import { WORDS_KINDS, WORDS_SIDES } from "./refund-rules";
import styles from "./refunds.module.css";

/** One side's photos as thumbnails; a tap enlarges one, and the preview moves through them all. */
export function RefundPictures({ words }: { words: Pick<RefundWords, "pictures" | "side" | "kind"> }) {
  if (words.pictures.length === 0) return null;
  const whose = `${WORDS_SIDES[words.side]}${WORDS_KINDS[words.kind]}`;
  return (
    <div className={styles.refundPictures}>
      <Image.PreviewGroup>
        {words.pictures.map((picture, index) => (
          <Image
            key={picture.fileId}
            src={picture.thumbUrl}
            alt={`${whose}的第 ${index + 1} 张图片，点按放大`}
            preview={{ src: picture.url }}
            width={72}
            height={72}
          />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}

/** What each side said (the request, a refusal, a bad return, statements), oldest first, with photos. */
export function RefundWordsList({ words }: { words: RefundWords[] }) {
  if (words.length === 0) return <p className={styles.refundMuted}>还没有说明</p>;
  return (
    <ol className={styles.refundWords}>
      {words.map((said) => (
        <li key={`${said.side}-${said.kind}-${said.createdAt}`} className={styles.refundWordsItem}>
          <div className={styles.refundWordsHead}>
            <strong>{WORDS_SIDES[said.side]}</strong>
            <span>{WORDS_KINDS[said.kind]}</span>
            <time dateTime={said.createdAt} className={styles.refundMuted}>
              {formatTime(said.createdAt)}
            </time>
          </div>
          <p className={styles.refundWordsText}>{said.text}</p>
          <RefundPictures words={said} />
        </li>
      ))}
    </ol>
  );
}
