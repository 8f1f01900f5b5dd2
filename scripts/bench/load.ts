/**
 * One load measurement with autocannon: requests per second and the latency percentiles, taken from every
 * response's own time (autocannon's summary has no p95), with any answer that is not 2xx or 3xx counted as
 * an error so a budget is never met by fast failures.
 */
import autocannon from "autocannon";
import type { Load } from "./budgets";

export type Request = {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measure(baseURL: string, request: Request, { connections, seconds }: { connections: number; seconds: number }): Promise<Load> {
  const latencies: number[] = [];
  let errors = 0;
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseURL + request.path,
        method: request.method ?? "GET",
        headers: request.headers,
        body: request.body,
        connections,
        duration: seconds,
        // a slow request is measured, not dropped
        timeout: 60,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 400) errors++;
    });
  });
  const elapsed = Math.max((Date.now() - started) / 1000, 0.001);
  latencies.sort((a, b) => a - b);
  errors += result.errors + result.timeouts;
  return {
    rps: Math.round((latencies.length / Math.min(elapsed, seconds + 1)) * 10) / 10,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p95: Math.round(percentile(latencies, 95) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    errors,
    requests: latencies.length,
  };
}
