// The addresses feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { addAddress, addressesOf, findAddressOf } from "./address-service.js";
export { addressRoutes } from "./routes.js";
