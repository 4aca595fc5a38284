import type { FastifyInstance } from "fastify";
import type { RegisteredUser } from "./accounts.js";
import { type CreationOptions, PasskeyAuthenticator, type RequestOptions } from "./passkey-authenticator.js";
import { call } from "./test-app.js";

/**
 * Gives the user a passkey on a software authenticator and switches 仅通行密钥登录 on, as the
 * personal centre does (身份验证 with the password, then with the passkey); answers the device.
 */
export async function withPasskeyOnly(
  app: FastifyInstance,
  user: Pick<RegisteredUser, "token" | "password">,
): Promise<PasskeyAuthenticator> {
  const device = new PasskeyAuthenticator();
  await call(app, "POST", "/api/user/proof", { token: user.token, body: { password: user.password } });
  const options = await call(app, "POST", "/api/user/passkeys/options", { token: user.token });
  const response = device.create(options.data.options as CreationOptions);
  await call(app, "POST", "/api/user/passkeys", {
    token: user.token,
    body: { challengeId: options.data.challengeId, name: "手机", response },
  });
  const proofOptions = await call(app, "POST", "/api/user/proof/passkey-options", { token: user.token });
  const answer = device.get(proofOptions.data.options as RequestOptions);
  await call(app, "POST", "/api/user/proof", {
    token: user.token,
    body: { challengeId: proofOptions.data.challengeId, response: answer },
  });
  const switched = await call(app, "PUT", "/api/user/passkey-only", { token: user.token, body: { on: true } });
  if (switched.code !== 200) throw new Error(`仅通行密钥登录 not switched on: ${switched.msg}`);
  return device;
}
