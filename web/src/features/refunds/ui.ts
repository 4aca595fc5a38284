/** The refund UI other features compose: what each side said, with their photos (a dispute's detail). */
export { RefundPictures, RefundWordsList } from "./refund-words";
