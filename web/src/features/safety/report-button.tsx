import type { ReportTarget } from "@xianzhi/contract/constants";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { message } from "../../components/toasts";
import { withAntd } from "../../components/with-antd";
import { isSignedIn } from "../accounts";
import type { ReportChoice } from "./report-sheet";
import styles from "./safety.module.css";
import { useReportMutation } from "./safety-api";

// Built with Ant Design, and loaded with it at the first 举报: the pages a visitor sees load none.
const ReportSheet = withAntd(async () => (await import("./report-sheet")).ReportSheet);

export const REPORT_RECEIVED = "已收到举报，我们会尽快处理";

interface ReportButtonProps {
  targetType: ReportTarget;
  targetId: string;
  className?: string;
  /** What a screen reader says, where 举报 alone would not tell what is reported. */
  "aria-label"?: string;
}

/** 举报 as a small text button: opens the sheet of reasons; a visitor is sent to sign in first. */
export function ReportButton({ targetType, targetId, className, ...aria }: ReportButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The sheet is drawn from the first opening on, so that it can close with its animation.
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [report, { isLoading }] = useReportMutation();

  const openSheet = () => {
    if (!isSignedIn()) return navigate(paths.login, { state: { from: location.pathname + location.search } });
    setRefusal("");
    setOpened(true);
    setOpen(true);
  };
  const submit = async (choice: ReportChoice) => {
    const result = await report({ targetType, targetId, ...choice });
    if ("error" in result) return setRefusal(errorText(result.error));
    setOpen(false);
    message.success(REPORT_RECEIVED);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.safetyLink} ${className ?? ""}`}
        onClick={openSheet}
        aria-haspopup="dialog"
        aria-label={aria["aria-label"]}
      >
        举报
      </button>
      {opened && (
        <ReportSheet
          open={open}
          targetType={targetType}
          submitting={isLoading}
          refusal={refusal}
          onClose={() => setOpen(false)}
          onSubmit={submit}
        />
      )}
    </>
  );
}
