// The part of http_ece 1.2 (no types of its own) that tests/setup/push-service.ts uses.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  const ece: {
    decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
  };
  export default ece;
}
