/**
 * Solves the API's ALTCHA challenge (decision 065) with Web Crypto: finds the number whose
 * SHA-256 of salt + number is the challenge, and answers ALTCHA's payload (base64 JSON). Loaded
 * only when a sign-up is asked for a proof, so no page carries it otherwise; ALTCHA's own widget
 * would cost far more than the page's budget. Hashes in batches, since each digest is a promise.
 */
export interface ProofChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

const BATCH = 500;

function sameBytes(digest: ArrayBuffer, wanted: Uint8Array): boolean {
  const got = new Uint8Array(digest);
  for (let i = 0; i < wanted.length; i++) if (got[i] !== wanted[i]) return false;
  return true;
}

/** The payload to post, or undefined when no number up to maxnumber fits (or the browser lacks Web Crypto). */
export async function solveProof(ch: ProofChallenge, signal?: AbortSignal): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle || ch.algorithm !== "SHA-256") return undefined;
  const wanted = Uint8Array.from(ch.challenge.match(/../g) ?? [], (h) => parseInt(h, 16));
  const encoder = new TextEncoder();
  for (let start = 0; start <= ch.maxnumber && !signal?.aborted; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, ch.maxnumber - start + 1) }, (_, i) => start + i);
    const digests = await Promise.all(numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(ch.salt + n))));
    const found = digests.findIndex((d) => sameBytes(d, wanted));
    if (found >= 0) {
      const { algorithm, challenge, salt, signature } = ch;
      return btoa(JSON.stringify({ algorithm, challenge, number: numbers[found], salt, signature }));
    }
  }
  return undefined;
}
