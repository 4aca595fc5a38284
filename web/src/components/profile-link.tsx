import type { PublicUser } from "@xianzhi/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { InitialAvatar } from "./initial-avatar";
import styles from "./profile-link.module.css";

interface ProfileLinkProps {
  user: Pick<PublicUser, "nickname" | "avatarUrl">;
  /** The user's page (paths.user(user.id)). */
  to: string;
  /** What the link shows; the user's avatar and nickname when not given. */
  children?: ReactNode;
  avatarSize?: number;
  className?: string;
  /**
   * An avatar beside a link with the name: out of the tab order and hidden from screen readers,
   * which would otherwise meet the same link twice.
   */
  decorative?: boolean;
}

/** A user's name or avatar, leading to their page: every one in the app goes through this. */
export function ProfileLink({ user, to, children, avatarSize = 20, className, decorative = false }: ProfileLinkProps) {
  return (
    <Link
      to={to}
      className={className ? `${styles.profileLink} ${className}` : styles.profileLink}
      {...(decorative && { tabIndex: -1, "aria-hidden": true })}
    >
      {children ?? (
        <>
          <InitialAvatar size={avatarSize} src={user.avatarUrl} name={user.nickname} />
          <ProfileLinkName>{user.nickname}</ProfileLinkName>
        </>
      )}
    </Link>
  );
}

/**
 * The name in a ProfileLink given its own children: cut with an ellipsis, underlined in the brand's
 * colour while the link is hovered or focused, as the name of a link drawn by default.
 */
export function ProfileLinkName({
  children,
  className,
  block = false,
}: {
  children: ReactNode;
  className?: string;
  /** A div (a line of its own) rather than a span. */
  block?: boolean;
}) {
  const Element = block ? "div" : "span";
  return (
    <Element className={className ? `${className} ${styles.profileLinkName}` : styles.profileLinkName}>
      {children}
    </Element>
  );
}
