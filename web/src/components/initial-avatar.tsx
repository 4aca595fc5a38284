import styles from "./initial-avatar.module.css";

/**
 * A person's round picture, or the first character of their name on grey, as Ant Design's Avatar
 * draws it. That Avatar measures its text after every render, a forced layout per card, which a
 * feed of twenty cards felt on a phone; this one is sized by CSS alone. Decorative: the name is
 * always written beside it.
 */
export function InitialAvatar({
  size,
  src,
  name,
  className,
}: {
  size: number;
  src: string | null | undefined;
  name: string;
  className?: string;
}) {
  return (
    <span
      className={className ? `${styles.initialAvatar} ${className}` : styles.initialAvatar}
      style={{ width: size, height: size, fontSize: size * 0.5 }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" loading="lazy" /> : name.slice(0, 1)}
    </span>
  );
}
