// The part of http_ece 1.2 (no types of its own) that tests/api/push.test.ts uses.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  const ece: {
    decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
  };
  export default ece;
}
