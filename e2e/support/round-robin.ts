import http from 'node:http';

/** A tiny HTTP load balancer on 127.0.0.1 that sends each request to the next of `targets` in turn. */
export interface RoundRobin {
  url: string;
  /** How many requests each target received, in the order of `targets`. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  const counts = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % targets.length;
    counts[index]! += 1;
    const target = new URL(request.url ?? '/', targets[index]);
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
