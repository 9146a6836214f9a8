// The part of autocannon's API the benchmarks use (the package ships no type declarations).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  }

  export interface Result {
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    duration: number;
    connections: number;
    pipelining: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
  }

  export interface Options {
    url: string | string[];
    connections?: number;
    pipelining?: number;
    duration?: number | string;
    amount?: number;
    workers?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    expectBody?: string;
    bailout?: number;
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void;
    /** Each answer as it arrives; `responseTime` in ms with a fraction (the latency histogram keeps whole ms). */
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
