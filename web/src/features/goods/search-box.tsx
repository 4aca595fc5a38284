import type { Suggestion } from "@xianzhi/contract";
import { CATEGORIES } from "@xianzhi/contract/constants";
import { type FocusEvent, type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../app/paths";
import { SearchOutlined } from "../../components/icons";
import { useDebounced } from "../../components/use-debounced";
import { useSuggestSearchQuery } from "./goods-api";
import { clearRecentSearches, readRecentSearches, rememberSearch } from "./recent-searches";
import styles from "./search-box.module.css";

/** How long typing rests before suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/** What the list offers: a suggestion, or a recent search (a keyword again). */
type SearchOption = Suggestion;

/**
 * The top bar's search: suggestions while typing (categories open the category, keywords search),
 * the recent searches when empty and focused. A combobox with its listbox: ↑ ↓ move, Enter picks,
 * Esc closes. A plain form rather than Ant Design's: every screen has it, first load included.
 */
export function SearchBox({ initialKeyword }: { initialKeyword: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(initialKeyword);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const typed = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const { data: suggestions } = useSuggestSearchQuery(typed, { skip: !open || !typed });

  const showingRecent = !text.trim();
  const options: SearchOption[] = showingRecent
    ? recent.map((keyword) => ({ kind: "keyword", text: keyword }))
    : typed
      ? (suggestions ?? [])
      : [];
  const expanded = open && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const search = (keyword: string) => {
    const trimmed = keyword.trim();
    if (!trimmed) return;
    setText(trimmed);
    setRecent(rememberSearch(trimmed));
    close();
    navigate(paths.searchResult(trimmed));
  };
  const pick = (option: SearchOption) => {
    if (option.kind === "keyword") return search(option.text);
    close();
    navigate(`${paths.home}?category=${option.category}`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) pick(chosen);
    else search(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the last option down (or the first up) back to the box itself, as typed.
      setActive((current) => ((current + step + 1 + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      close();
    }
  };
  const openList = () => {
    setRecent(readRecentSearches());
    setOpen(true);
  };
  // Focus moving within the box and its list (to 清除) keeps the list open.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    <search className={`${styles.topNavSearch} ${styles.searchBox}`} onBlur={onBlur}>
      <form className={styles.topNavSearchForm} onSubmit={submit}>
        <input
          type="search"
          name="keyword"
          className={styles.topNavSearchInput}
          role="combobox"
          aria-label="搜索闲置"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder="搜索二手好物，如：手机"
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={openList}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.topNavSearchButton}>
          <SearchOutlined aria-hidden="true" />
          <span className={styles.topNavSearchText}>搜索</span>
        </button>
      </form>
      <div className={styles.searchBoxPopup} hidden={!expanded}>
        {showingRecent && (
          <div className={styles.searchBoxRecentHead}>
            <span id={`${listId}-title`}>最近搜索</span>
            <button
              type="button"
              className={styles.searchBoxClear}
              onClick={() => {
                clearRecentSearches();
                setRecent([]);
              }}
            >
              清除
            </button>
          </div>
        )}
        <div id={listId} role="listbox" aria-label={showingRecent ? "最近搜索" : "搜索建议"}>
          {options.map((option, index) => (
            <div
              key={`${option.kind}:${option.text}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.searchBoxOption}
              // Focus stays in the box (aria-activedescendant); -1 only makes the option a focus target.
              tabIndex={-1}
              // Picked on mouse down, before the box loses focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {option.kind === "category" ? (
                <>
                  <span className={styles.searchBoxKind}>分类</span>
                  {CATEGORIES[option.category]}
                </>
              ) : (
                option.text
              )}
            </div>
          ))}
        </div>
      </div>
    </search>
  );
}
