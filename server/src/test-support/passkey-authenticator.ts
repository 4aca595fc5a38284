/**
 * A passkey authenticator in software, for server tests: what a phone's or a computer's platform
 * authenticator does (ES256 keys, "none" attestation, a signature counter, user verification), so
 * the server's checks run on real WebAuthn answers. Outside the product: browsers and devices.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** What a test can make the authenticator (or a page pretending to be the site) get wrong. */
export interface Twist {
  origin?: string;
  rpId?: string;
  /** false: the fingerprint or PIN was not asked. */
  userVerified?: boolean;
  /** The ceremony's type as the page says it (webauthn.create / webauthn.get). */
  type?: string;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** A PublicKeyCredential as the browser's JSON form gives it, around the ceremony's response. */
function credentialJson<R>(credential: Credential, response: R) {
  return {
    id: b64(credential.id),
    rawId: b64(credential.id),
    type: "public-key" as const,
    response,
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}

export class PasskeyAuthenticator {
  readonly #credentials = new Map<string, Credential>();

  /** `origin`: the page's, as the browser reports it in clientDataJSON. */
  constructor(readonly origin = "http://localhost:3000") {}

  /** What `navigator.credentials.create()` answers (RegistrationResponseJSON). */
  create(options: CreationOptions, twist: Twist = {}) {
    const rpId = twist.rpId ?? options.rp.id ?? "localhost";
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      publicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    this.#credentials.set(b64(credential.id), credential);
    const clientDataJSON = this.#clientData(twist.type ?? "webauthn.create", options.challenge, twist);
    const authData = this.#authData(credential, twist, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    return credentialJson(credential, {
      clientDataJSON: b64(clientDataJSON),
      attestationObject: b64(attestationObject),
      transports: ["internal"],
    });
  }

  /** What `navigator.credentials.get()` answers (AuthenticationResponseJSON), with `credentialId` or the first it holds of those allowed. */
  get(options: RequestOptions, credentialId?: string, twist: Twist = {}) {
    const allowed = options.allowCredentials?.length
      ? options.allowCredentials.map((allow) => allow.id)
      : [...this.#credentials.keys()];
    const id = credentialId ?? allowed.find((allowedId) => this.#credentials.has(allowedId));
    const credential = id ? this.#credentials.get(id) : undefined;
    if (!credential) throw new Error("the authenticator holds no such passkey");
    credential.counter += 1;
    const clientDataJSON = this.#clientData(twist.type ?? "webauthn.get", options.challenge, twist);
    const authenticatorData = this.#authData(credential, twist, false);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return credentialJson(credential, {
      clientDataJSON: b64(clientDataJSON),
      authenticatorData: b64(authenticatorData),
      signature: b64(signature),
      userHandle: credential.userHandle,
    });
  }

  /** A second authenticator holding a copy of this one's passkeys as they are now (a cloned key). */
  clone(): PasskeyAuthenticator {
    const copy = new PasskeyAuthenticator(this.origin);
    for (const [id, credential] of this.#credentials) copy.#credentials.set(id, { ...credential });
    return copy;
  }

  #clientData(type: string, challenge: string, twist: Twist): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: twist.origin ?? this.origin, crossOrigin: false }));
  }

  /** rpIdHash, flags (user present, verified, backed up), the counter, and on creation the key. */
  #authData(credential: Credential, twist: Twist, withKey: boolean): Buffer {
    const flags = 0x01 | (twist.userVerified === false ? 0 : 0x04) | 0x08 | 0x10 | (withKey ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const head = Buffer.concat([sha256(twist.rpId ?? credential.rpId), Buffer.from([flags]), counter]);
    if (!withKey) return head;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, credential.id, this.#coseKey(credential.publicKey)]);
  }

  #coseKey(publicKey: KeyObject): Uint8Array {
    const jwk = publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(String(jwk.x))],
        [-3, isoBase64URL.toBuffer(String(jwk.y))],
      ]) as never,
    );
  }
}
