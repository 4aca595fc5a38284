// Dredd loads hooks by require() with its `hooks` injected: this file hands them to the test that
// runs Dredd in this process (e2e/dredd.test.ts), whose hooks know the server and its demo users.
const hooks = require("hooks");

globalThis.xianzhiDreddHooks(hooks);
