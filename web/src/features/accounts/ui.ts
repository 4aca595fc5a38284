/** The account forms other screens compose (the personal centre). */

export { DeleteAccountSection, DownloadMyData } from "./own-data";
export { ProfileForm } from "./profile-form";
export { ChangeEmailForm, ChangePasswordForm } from "./security-forms";
