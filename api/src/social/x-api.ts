import { request } from "undici";
import type { SocialNetwork } from "./social.ts";

interface XUser {
  id: string;
  username: string;
  description?: string;
}

const PAGE_LIMIT = 5;

/** Thrown when X cannot be asked (network, rate limit, server fault): not the user's mistake. */
export class SocialUnavailable extends Error {}

/** The X API v2 with an app bearer token: user lookup by username and the following list. */
export function xApiAdapter(opts: { baseUrl: string; bearerToken: string; officialHandle: string }): SocialNetwork {
  const base = opts.baseUrl.replace(/\/+$/, "");
  let officialId: string | undefined;

  async function get<T>(path: string): Promise<{ status: number; body: T }> {
    try {
      const res = await request(base + path, {
        headers: { authorization: `Bearer ${opts.bearerToken}`, accept: "application/json" },
        headersTimeout: 8000,
        bodyTimeout: 8000,
      });
      const body = (await res.body.json()) as T;
      if (res.statusCode === 429 || res.statusCode >= 500) throw new SocialUnavailable(`X answered ${res.statusCode}`);
      return { status: res.statusCode, body };
    } catch (error) {
      if (error instanceof SocialUnavailable) throw error;
      throw new SocialUnavailable((error as Error).message);
    }
  }

  async function lookup(handle: string): Promise<XUser | undefined> {
    const { status, body } = await get<{ data?: XUser }>(`/2/users/by/username/${encodeURIComponent(handle)}?user.fields=description`);
    return status === 200 ? body.data : undefined;
  }

  return {
    name: `X API v2 at ${base}`,
    async checkHandle(handle, proof) {
      const user = await lookup(handle);
      if (!user) return "not_found";
      return user.description?.toUpperCase().includes(proof.toUpperCase()) ? "ok" : "not_owner";
    },
    async followsOfficial(handle) {
      const user = await lookup(handle);
      if (!user) return false;
      officialId ??= (await lookup(opts.officialHandle.replace(/^@/, "")))?.id;
      if (!officialId) throw new SocialUnavailable("the official account was not found");
      let token: string | undefined;
      for (let page = 0; page < PAGE_LIMIT; page++) {
        const query = new URLSearchParams({ max_results: "1000", ...(token ? { pagination_token: token } : {}) });
        const { status, body } = await get<{ data?: XUser[]; meta?: { next_token?: string } }>(
          `/2/users/${encodeURIComponent(user.id)}/following?${query}`,
        );
        if (status !== 200) return false;
        if (body.data?.some((u) => u.id === officialId)) return true;
        token = body.meta?.next_token;
        if (!token) return false;
      }
      return false;
    },
  };
}
