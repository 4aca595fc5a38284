/** What the app shell uses of seller pages: their prefetch. The screen is loaded by the router. */
// The links to users' pages are in screens the server draws (goods cards, the goods page): their
// style comes with the shell, before those screens' code.
import "./profile-link.css";

export { prefetchSellerScreen } from "./screen-queries";
