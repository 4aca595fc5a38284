import { useState } from "react";
import { EyeInvisibleOutlined, EyeOutlined } from "../../components/icons";
import { Input, type InputProps } from "../../components/kit";
import styles from "./accounts.module.css";

/**
 * A new password, typed once: the eye beside it shows what was typed, so a slip is seen there
 * rather than caught by a second field to type it again. Hidden until asked for.
 */
export function NewPasswordInput(props: Omit<InputProps, "type" | "suffix">) {
  const [shown, setShown] = useState(false);
  return (
    <Input
      autoComplete="new-password"
      {...props}
      type={shown ? "text" : "password"}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      suffix={
        <button
          type="button"
          className={styles.passwordToggle}
          aria-label="显示密码"
          aria-pressed={shown}
          title={shown ? "隐藏密码" : "显示密码"}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
        </button>
      }
    />
  );
}
