import type { Offer } from "@xianzhi/contract";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { PlainButton } from "../../components/plain-controls";
import { message } from "../../components/toasts";
import { withAntd } from "../../components/with-antd";
import { isSignedIn } from "../accounts";
import { useCreateOfferMutation } from "./offers-api";

// Built with Ant Design, and loaded with it at the first 出价: the goods page a visitor sees loads none.
const OfferSheet = withAntd(async () => (await import("./offer-sheet")).OfferSheet);

interface OfferButtonProps {
  goodsId: string;
  priceCents: number;
  large?: boolean;
  className?: string;
  /** Called instead of opening the sheet when nobody is signed in. */
  onNeedSignIn?(): void;
  /** The offer went out (and, if it was the first word, the chat with the seller was opened). */
  onOffered?(offer: Offer): void;
}

/** 出价: a buyer offers an amount for goods, at most its price; the offer lands in their chat with the seller. */
export function OfferButton({ goodsId, priceCents, large, className, onNeedSignIn, onOffered }: OfferButtonProps) {
  const [open, setOpen] = useState(false);
  // The sheet is drawn from the first opening on, so that it can close with its animation.
  const [opened, setOpened] = useState(false);
  const [createOffer, { isLoading }] = useCreateOfferMutation();

  const openSheet = () => {
    if (onNeedSignIn && !isSignedIn()) return onNeedSignIn();
    setOpened(true);
    setOpen(true);
  };
  const submit = async (amountCents: number) => {
    const result = await createOffer({ goodsId, amountCents });
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    setOpen(false);
    message.success("出价已发给卖家");
    onOffered?.(result.data);
  };

  return (
    <>
      <PlainButton large={large} className={className} onClick={openSheet} aria-haspopup="dialog">
        出价
      </PlainButton>
      {opened && (
        <OfferSheet
          open={open}
          verb="出价"
          priceCents={priceCents}
          startCents={priceCents}
          submitting={isLoading}
          onClose={() => setOpen(false)}
          onSubmit={submit}
        />
      )}
    </>
  );
}
