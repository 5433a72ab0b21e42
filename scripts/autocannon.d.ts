// The part of autocannon 9 (no types of its own) that the benchmarks use.
declare module "autocannon" {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: "GET" | "POST";
    body?: string;
    /** Each request made from this one (scripts/bench-cluster.ts gives each a user's cookie). */
    requests?: { setupRequest: (request: { headers: Record<string, string> }) => { headers: Record<string, string> } }[];
  }
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
