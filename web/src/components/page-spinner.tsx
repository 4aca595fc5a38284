import styles from "./page-spinner.module.css";

/**
 * Shown while a screen's code loads: a large spinner in the middle of the viewport, drawn as Ant
 * Design's large Spin (four dots in the brand colour, turning), which the shell cannot wait for.
 */
export function PageSpinner() {
  return (
    <div className={styles.pageSpinner} role="status" aria-live="polite" aria-label="页面加载中">
      <span className={styles.pageSpinnerDots} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
