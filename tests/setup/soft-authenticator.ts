import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * An authenticator in software, for the API's tests: it makes discoverable ES256 passkeys with
 * "none" attestation and signs assertions, byte for byte as a phone's would, so the API checks
 * real signatures. (The browser tests use Chromium's own virtual authenticator instead.)
 */

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

interface Key {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly keys: Key[] = [];

  constructor(
    readonly origin: string,
    private readonly flags: { verified?: boolean; backedUp?: boolean } = {},
  ) {}

  private get rpId(): string {
    return new URL(this.origin).hostname;
  }

  private flagByte(extra: number): number {
    return UP | (this.flags.verified === false ? 0 : UV) | (this.flags.backedUp ? BE | BS : 0) | extra;
  }

  private clientData(type: string, challenge: string): string {
    return b64(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }

  /** A registration response for the options: a new key, remembered for later sign-ins. */
  create(options: CreationOptions) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? this.rpId),
      Buffer.from([this.flagByte(AT)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    this.keys.push({ credentialId, privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id: b64(credentialId),
      rawId: b64(credentialId),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** An assertion for the options with one of its keys (the last made, unless told). */
  get(options: RequestOptions, key = this.keys.at(-1)!) {
    key.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const authenticatorData = Buffer.concat([sha256(options.rpId ?? this.rpId), Buffer.from([this.flagByte(0)]), counter]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(isoBase64URL.toBuffer(clientDataJSON))]), key.privateKey);
    return {
      id: b64(key.credentialId),
      rawId: b64(key.credentialId),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON,
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
        userHandle: key.userHandle,
      },
    };
  }
}
