import type { PublicUser } from "@xianzhi/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { InitialAvatar } from "./initial-avatar";
import "./profile-link.css";

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
      className={className ? `profile-link ${className}` : "profile-link"}
      {...(decorative && { tabIndex: -1, "aria-hidden": true })}
    >
      {children ?? (
        <>
          <InitialAvatar size={avatarSize} src={user.avatarUrl} name={user.nickname} />
          <span className="profile-link__name">{user.nickname}</span>
        </>
      )}
    </Link>
  );
}
