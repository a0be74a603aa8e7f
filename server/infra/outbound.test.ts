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

/** Teredo's client address is stored inverted (RFC 4380): the last 32 bits of the IPv6 address. */
const teredo = (server: string, client: string) => {
  const hex = (ip: string, invert: boolean) => {
    const bytes = ip.split('.').map((part) => Number(part) ^ (invert ? 0xff : 0));
    return `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  };
  return `2001:0:${hex(server, false)}:0:0:${hex(client, true)}`;
};

/**
 * One address in every range of IANA's IPv4 Special-Purpose Address Registry (and multicast), as of 2026: each
 * is refused, whatever the registry says of its global reachability (a webhook has no business with any of them).
 */
const IANA_IPV4: [range: string, address: string][] = [
  ['0.0.0.0/8 "this network"', '0.1.2.3'],
  ['0.0.0.0/32 "this host on this network"', '0.0.0.0'],
  ['10.0.0.0/8 private-use', '10.20.30.40'],
  ['100.64.0.0/10 shared address space', '100.100.100.100'],
  ['127.0.0.0/8 loopback', '127.0.0.1'],
  ['127.0.0.0/8 loopback (not .1)', '127.255.0.9'],
  ['169.254.0.0/16 link local (cloud metadata)', '169.254.169.254'],
  ['172.16.0.0/12 private-use', '172.31.255.254'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.100'],
  ['192.0.0.0/29 IPv4 service continuity prefix', '192.0.0.1'],
  ['192.0.0.8/32 IPv4 dummy address', '192.0.0.8'],
  ['192.0.0.9/32 port control protocol anycast', '192.0.0.9'],
  ['192.0.0.10/32 traversal using relays around NAT anycast', '192.0.0.10'],
  ['192.0.0.170/32 NAT64/DNS64 discovery', '192.0.0.170'],
  ['192.0.0.171/32 NAT64/DNS64 discovery', '192.0.0.171'],
  ['192.0.2.0/24 documentation (TEST-NET-1)', '192.0.2.45'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.1'],
  ['192.52.193.0/24 AMT', '192.52.193.1'],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', '192.88.99.1'],
  ['192.88.99.2/32 6a44-relay anycast', '192.88.99.2'],
  ['192.168.0.0/16 private-use', '192.168.1.1'],
  ['192.175.48.0/24 direct delegation AS112 service', '192.175.48.6'],
  ['198.18.0.0/15 benchmarking', '198.19.255.1'],
  ['198.51.100.0/24 documentation (TEST-NET-2)', '198.51.100.7'],
  ['203.0.113.0/24 documentation (TEST-NET-3)', '203.0.113.9'],
  ['240.0.0.0/4 reserved', '240.0.0.1'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255'],
  ['224.0.0.0/4 multicast', '224.0.0.1'],
  ['224.0.0.0/4 multicast (top)', '239.255.255.250'],
];

/** One address in every range of IANA's IPv6 Special-Purpose Address Registry, and the other non-global spaces. */
const IANA_IPV6: [range: string, address: string][] = [
  ['::1/128 loopback', '::1'],
  ['::/128 unspecified', '::'],
  ['::ffff:0:0/96 IPv4-mapped (loopback)', '::ffff:127.0.0.1'],
  ['::ffff:0:0/96 IPv4-mapped, hex spelling', '::ffff:7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped (metadata)', '::ffff:169.254.169.254'],
  ['::ffff:0:0/96 IPv4-mapped (private)', '::ffff:10.0.0.1'],
  ['::/96 IPv4-compatible (deprecated)', '::127.0.0.1'],
  ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:808:808'],
  ['64:ff9b::/96 NAT64 well-known prefix (metadata)', '64:ff9b::a9fe:a9fe'],
  ['64:ff9b::/96 NAT64 well-known prefix (loopback)', '64:ff9b::127.0.0.1'],
  ['64:ff9b:1::/48 local-use NAT64 (metadata)', '64:ff9b:1::a9fe:a9fe'],
  ['64:ff9b:1::/48 local-use NAT64 (public v4 inside)', '64:ff9b:1::808:808'],
  ['100::/64 discard-only', '100::1'],
  ['100:0:0:1::/64 dummy IPv6 prefix', '100:0:0:1::1'],
  ['2001::/23 IETF protocol assignments', '2001:1ff::1'],
  ['2001::/32 Teredo (loopback client)', teredo('65.54.227.120', '127.0.0.1')],
  ['2001::/32 Teredo (documentation client)', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001::/32 Teredo (private server)', teredo('10.0.0.1', '8.8.8.8')],
  ['2001:1::1/128 port control protocol anycast', '2001:1::1'],
  ['2001:1::2/128 TURN anycast', '2001:1::2'],
  ['2001:1::3/128 DNS-SD service registration protocol anycast', '2001:1::3'],
  ['2001:2::/48 benchmarking', '2001:2::1'],
  ['2001:3::/32 AMT', '2001:3::1'],
  ['2001:4:112::/48 AS112-v6', '2001:4:112::1'],
  ['2001:10::/28 deprecated ORCHID', '2001:10::1'],
  ['2001:20::/28 ORCHIDv2', '2001:20::1'],
  ['2001:30::/28 drone remote ID protocol entity tags', '2001:30::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2002::/16 6to4 (loopback)', '2002:7f00:1::'],
  ['2002::/16 6to4 (metadata)', '2002:a9fe:a9fe::'],
  ['2002::/16 6to4 (private)', '2002:c0a8:101::1'],
  ['2620:4f:8000::/48 direct delegation AS112 service', '2620:4f:8000::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['5f00::/16 segment routing (SRv6) SIDs', '5f00::1'],
  ['fc00::/7 unique-local', 'fd12:3456::1'],
  ['fc00::/7 unique-local (fc)', 'fc00::1'],
  ['fec0::/10 site-local (deprecated)', 'fec0::1'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fe80::/10 link-local with a zone', 'fe80::1%eth0'],
  ['ff00::/8 multicast', 'ff02::1'],
  ['4000::/3 not yet allocated', '4000::1'],
];

describe('isBlockedAddress: only global unicast passes', () => {
  it.each(IANA_IPV4)('refuses IPv4 %s (%s)', (_range, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(IANA_IPV6)('refuses IPv6 %s (%s)', (_range, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['not an address', '', '1.2.3', '2130706433', '::g', '8.8.8.8/32'])(
    'refuses %j, which is no address',
    (address) => {
      expect(isBlockedAddress(address)).toBe(true);
    },
  );

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '192.0.1.1',
    '198.20.0.1',
    '223.255.255.254',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    teredo('65.54.227.120', '8.8.4.4'),
  ])('lets global unicast %s through', (address) => {
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
      // The URL parser reads every IPv4 spelling (RFC 3986's and inet_aton's) as the address it stands for.
      'http://0x7f000001/',
      'http://017700000001/',
      'http://0177.0.0.1/',
      'http://0x7f.0.0.1/',
      'http://127.1/',
      'http://127.0.1/',
      'http://0/',
      'http://0xa9fea9fe/',
      'http://2852039166/',
      'http://[::ffff:7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[2002:a9fe:a9fe::]/',
      'http://[64:ff9b:1::a9fe:a9fe]/',
      'http://[64:ff9b::169.254.169.254]/',
      `http://[${teredo('65.54.227.120', '127.0.0.1')}]/`,
      'http://[fec0::1]/',
      'http://[2001:db8::1]/',
      'http://192.0.2.1/',
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

  it('never connects to a name whose DNS answer is refused, in any wrapping', async () => {
    let connections = 0;
    const count = () => (connections += 1);
    server.on('connection', count);
    try {
      for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '2002:7f00:1::', '64:ff9b::7f00:1']) {
        const lookup: HostLookup = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
        expect(await refusal(safeFetch(`http://rebind.example.test:${port}/`, {}, { lookup }))).toBe(
          'BLOCKED_TARGET',
        );
      }
      expect(connections).toBe(0);
      // The same server is reached when allowed: the count above could have moved.
      await safeFetch(`http://127.0.0.1:${port}/`, {}, { allowPrivate: true });
      expect(connections).toBe(1);
    } finally {
      server.off('connection', count);
    }
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
