import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBlockedAddress,
  OutboundError,
  resolveTarget,
  safeFetch,
  signWebhook,
  type HostLookup,
} from './outbound.js';

const fakeDns =
  (table: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  return 'allowed';
}

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('lets %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('resolveTarget', () => {
  const lookup = fakeDns({
    'hooks.example.com': ['93.184.216.34'],
    'inside.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
    'v6-loopback.example.com': ['::1'],
    'mapped.example.com': ['::ffff:192.168.0.1'],
  });

  it('answers the vetted address of a public host', async () => {
    const target = await resolveTarget('https://hooks.example.com/services/T0/B0/x', { lookup });
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(target.url.pathname).toBe('/services/T0/B0/x');
  });

  it('refuses hosts that resolve to private addresses, even one of several', async () => {
    for (const host of ['inside', 'mixed', 'v6-loopback', 'mapped']) {
      expect(await refusal(resolveTarget(`https://${host}.example.com/`, { lookup }))).toBe('BLOCKED_TARGET');
    }
  });

  it('refuses private literals in every spelling the URL parser accepts', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      expect(await refusal(resolveTarget(url, { lookup }))).toBe('BLOCKED_TARGET');
    }
  });

  it('refuses other schemes, credentials in the URL and unknown hosts', async () => {
    expect(await refusal(resolveTarget('file:///etc/passwd', { lookup }))).toBe('INVALID_URL');
    expect(await refusal(resolveTarget('gopher://hooks.example.com/', { lookup }))).toBe('INVALID_URL');
    expect(await refusal(resolveTarget('not a url', { lookup }))).toBe('INVALID_URL');
    expect(await refusal(resolveTarget('https://u:p@hooks.example.com/', { lookup }))).toBe('INVALID_URL');
    expect(await refusal(resolveTarget('https://nowhere.example.com/', { lookup }))).toBe('UNRESOLVED');
  });

  it('lets private targets through when allowed', async () => {
    const target = await resolveTarget('http://inside.example.com/', { lookup, allowPrivate: true });
    expect(target.address).toBe('10.0.0.5');
  });
});

describe('safeFetch', () => {
  let server: Server;
  let port: number;
  const seen: { host?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ host: request.headers.host, body });
        if (request.url === '/redirect') {
          response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        } else if (request.url === '/big') {
          response.writeHead(200).end('x'.repeat(10_000));
        } else if (request.url === '/slow') {
          setTimeout(() => response.writeHead(200).end('late'), 2_000);
        } else {
          response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('connects to the vetted address, keeping the name in the Host header', async () => {
    // The name resolves once, to the test server; a second lookup would fail the request.
    let lookups = 0;
    const lookup: HostLookup = async () => {
      lookups += 1;
      if (lookups > 1) throw new Error('looked up twice');
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const response = await safeFetch(
      `http://receiver.example.test:${port}/hook`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
      { allowPrivate: true, lookup },
    );
    expect(response.status).toBe(200);
    expect(response.body).toBe('ok');
    expect(seen.at(-1)).toEqual({ host: `receiver.example.test:${port}`, body: '{"a":1}' });
    expect(lookups).toBe(1);
  });

  it('refuses the loopback server unless private targets are allowed', async () => {
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/`))).toBe('BLOCKED_TARGET');
    expect(await refusal(safeFetch(`http://localhost:${port}/`))).toBe('BLOCKED_TARGET');
  });

  it('does not follow redirects, caps the body and times out', async () => {
    const base = `http://127.0.0.1:${port}`;
    const redirect = await safeFetch(`${base}/redirect`, {}, { allowPrivate: true });
    expect(redirect.status).toBe(302);
    const big = await safeFetch(`${base}/big`, {}, { allowPrivate: true, maxBodyBytes: 100 });
    expect(big).toMatchObject({ status: 200, truncated: true });
    expect(big.body).toHaveLength(100);
    expect(await refusal(safeFetch(`${base}/slow`, {}, { allowPrivate: true, timeoutMs: 200 }))).toBe(
      'TIMEOUT',
    );
  });

  it('reports a refused connection as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(safeFetch(`http://127.0.0.1:${closedPort}/`, {}, { allowPrivate: true }))).toBe(
      'NETWORK',
    );
  });
});

describe('signWebhook', () => {
  it('is the hex HMAC-SHA256 of timestamp.body', () => {
    // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(signWebhook('secret', 1700000000, '{"a":1}')).toBe(
      '49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    );
  });
});
