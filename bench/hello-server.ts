import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { RecordedAnswer } from './throughput.js';

// The baseline: a bare Fastify route on the same machine, so the app's figures read as ratios.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

// An answer of the app's, recorded by the bench once the app is up (`BENCH_ANSWER`, bench/throughput.ts's
// `recordAnswer`), sent again as it is: the same bytes and headers from bare Fastify.
const answerFile = process.env.BENCH_ANSWER;
if (answerFile) {
  let answer: { headers: Record<string, string>; body: Buffer } | undefined;
  app.get('/answer', (_request, reply) => {
    if (answer === undefined) {
      const recorded = JSON.parse(readFileSync(answerFile, 'utf8')) as RecordedAnswer;
      answer = { headers: recorded.headers, body: Buffer.from(recorded.body, 'base64') };
    }
    reply.headers(answer.headers).send(answer.body);
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
