import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { LogoutOutlined, MessageOutlined, UserOutlined } from "../components/icons";
import { useLogOut } from "../features/accounts";
import { paths } from "./paths";
import styles from "./shell.module.css";

interface MenuEntry {
  key: string;
  icon: ReactNode;
  label: string;
  run: () => void;
}

/**
 * The signed-in user's menu in the top bar: a menu button (ARIA menu pattern: arrows move, Escape
 * closes, a click outside closes), small enough to load with the shell instead of Ant Design's
 * Dropdown and Menu.
 */
export function UserMenu({
  name,
  avatarUrl,
  unreadTotal,
}: {
  name: string;
  avatarUrl?: string | null;
  unreadTotal: number;
}) {
  const navigate = useNavigate();
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const entries: MenuEntry[] = [
    { key: "userinfo", icon: <UserOutlined />, label: "个人中心", run: () => navigate(paths.userinfo) },
    {
      key: "chat",
      icon: <MessageOutlined />,
      label: unreadTotal ? `我的消息（${unreadTotal} 条未读）` : "我的消息",
      run: () => navigate(paths.chat),
    },
    {
      key: "logout",
      icon: <LogoutOutlined />,
      label: "退出登录",
      run: () => void logOut().then(() => navigate(paths.home)),
    },
  ];

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    return () => document.removeEventListener("pointerdown", closeOnOutsideClick);
  }, [open]);

  const closeAndFocusButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current.filter((item) => item !== null);
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % items.length,
      ArrowUp: (current - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      items[moves[event.key] ?? 0]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      closeAndFocusButton();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className={styles.userMenu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.topNavUser}
        aria-label={`${name}的菜单`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {/* Drawn as Ant Design's Avatar: the picture, or a person on grey. */}
        <span className={styles.userMenuAvatar} aria-hidden="true">
          {avatarUrl ? <img src={avatarUrl} alt="" /> : <UserOutlined />}
        </span>
        <span>{name}</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`${name}的菜单`}
          className={styles.userMenuList}
          onKeyDown={handleMenuKeyDown}
        >
          {entries.map((entry, index) => (
            <button
              key={entry.key}
              ref={(item) => {
                itemRefs.current[index] = item;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.userMenuItem}
              onClick={() => {
                setOpen(false);
                entry.run();
              }}
            >
              <span aria-hidden="true">{entry.icon}</span>
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
