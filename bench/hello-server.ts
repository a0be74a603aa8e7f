import Fastify from 'fastify';

// The baseline: a bare Fastify route on the same machine, so the app's figures read as ratios.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
