import { useLocation, useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { PlainButton } from "../../components/plain-controls";
import { message } from "../../components/toasts";
import { isSignedIn } from "../accounts";
import { useFollowMutation, useFollowStateQuery, useUnfollowMutation } from "./follows-api";
import styles from "./sellers.module.css";

/** 关注 / 已关注 on someone else's page; a visitor is sent to sign in and comes back here. */
export function FollowButton({ sellerId }: { sellerId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = isSignedIn();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const ownPage = myId === sellerId;
  const { data: state } = useFollowStateQuery(sellerId, { skip: !signedIn || !myId || ownPage });
  const [follow, { isLoading: following }] = useFollowMutation();
  const [unfollow, { isLoading: unfollowing }] = useUnfollowMutation();
  // Signed in, it waits to know whose page this is and whether they follow, rather than flash 关注.
  if (ownPage || (signedIn && !state)) return null;

  const toggle = async () => {
    if (!signedIn) return navigate(paths.login, { state: { from: location.pathname + location.search } });
    const result = state?.following ? await unfollow(sellerId) : await follow(sellerId);
    if ("error" in result) message.error(errorText(result.error));
  };
  return (
    <PlainButton
      primary={!state?.following}
      className={styles.sellerHeaderFollow}
      onClick={toggle}
      loading={following || unfollowing}
      aria-pressed={Boolean(state?.following)}
    >
      {state?.following ? "已关注" : "关注"}
    </PlainButton>
  );
}
