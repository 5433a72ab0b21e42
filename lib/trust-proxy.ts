/** `TRUST_PROXY` as Express and Fastify read it: true/false, a hop count, or addresses and subnets. */
export function trustProxyValue(text: string): boolean | number | string {
  if (text === "true" || text === "false") return text === "true";
  return /^\d+$/.test(text) ? Number(text) : text;
}
