/** The account forms other screens compose (the personal centre). */

export { useFreshProof } from "./identity-proof";
export { DeleteAccountSection, DownloadMyData } from "./own-data";
export { PasskeySettings } from "./passkey-settings";
export { PayoutAccountForm } from "./payout-account-form";
export { ProfileForm } from "./profile-form";
export { ChangeEmailForm, ChangePasswordForm } from "./security-forms";
export { SessionDevices } from "./session-devices";
export { TwoStepSettings } from "./two-step-settings";
