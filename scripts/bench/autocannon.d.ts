// The part of autocannon's API the bidder bench uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { p50: number; p90: number; p99: number; max: number; average: number };
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    overallRate?: number;
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[];
  };
  type Result = {
    requests: { total: number; average: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
