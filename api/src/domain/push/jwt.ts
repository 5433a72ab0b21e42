import { sign, type KeyObject } from "node:crypto";

/**
 * A signed JSON Web Token: RS256 (RSASSA-PKCS1-v1_5 with SHA-256) for Google's token endpoint,
 * ES256 for APNs, whose signature is the raw r||s pair, not DER.
 */
export function signJwt(alg: "RS256" | "ES256", header: Record<string, string>, claims: Record<string, unknown>, key: KeyObject): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
  const input = `${encode({ alg, typ: "JWT", ...header })}.${encode(claims)}`;
  const signature =
    alg === "ES256" ? sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" }) : sign("sha256", Buffer.from(input), key);
  return `${input}.${signature.toString("base64url")}`;
}
