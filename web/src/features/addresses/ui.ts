/** The address book's UI (drawn with Ant Design): the personal centre's 收货地址, and checkout's picker. */
export { AddressBook } from "./address-book";
export { AddressPicker } from "./address-picker";
