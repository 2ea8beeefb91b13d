import http from 'node:http';

/** Latency figures of one scenario, in milliseconds, and its throughput. */
export type Result = {
  name: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Sends GET requests (or POSTs of `body` as JSON) with `concurrency` keep-alive connections for `seconds` (bounded in time and
 * count, loopback only) and reports throughput and latency percentiles. Any non-2xx fails the run.
 */
export async function load(opts: {
  name: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  concurrency: number;
  seconds: number;
  maxRequests?: number;
  /** When set, each request is a POST of this JSON body. */
  body?: unknown;
}): Promise<Result> {
  const payload = opts.body === undefined ? null : JSON.stringify(opts.body);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  const deadline = performance.now() + opts.seconds * 1000;
  const max = opts.maxRequests ?? 1_000_000;
  const started = performance.now();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port: opts.port,
          path: opts.path,
          method: payload === null ? 'GET' : 'POST',
          headers: payload === null ? opts.headers : { ...opts.headers, 'content-type': 'application/json' },
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 300) reject(new Error(`${opts.name}: HTTP ${res.statusCode}`));
            else {
              latencies.push(performance.now() - t0);
              resolve();
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  const worker = async () => {
    while (performance.now() < deadline && latencies.length < max) await one();
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name: opts.name,
    requests: sorted.length,
    seconds,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}
