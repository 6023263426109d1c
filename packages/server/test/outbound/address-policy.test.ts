/** The outbound policy (src/outbound): which addresses a user may make the node call. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  AnswerTooLargeError,
  createOutboundAgent,
  OutboundPolicy,
  OutboundRefusedError,
  outboundRefusal,
  readCapped,
} from '../../src/outbound/index.js';

describe('OutboundPolicy.DEFAULT', () => {
  const policy = OutboundPolicy.DEFAULT;

  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private (shared address space 100.64.0.0/10)'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.1.1', 'link-local'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved (reserved)'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'private (unique local fc00::/7)'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (address, why) => {
    expect(policy.refusedAddress(address)).toBe(`${address} is ${why}`);
  });

  test.each([
    ['::ffff:127.0.0.1', '127.0.0.1', 'loopback'],
    ['::ffff:a00:1', '10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', '169.254.169.254', 'a cloud metadata address'],
    ['64:ff9b::7f00:1', '127.0.0.1', 'loopback'],
  ])('judges %s as the IPv4 address it carries', (address, v4, why) => {
    expect(policy.refusedAddress(address)).toBe(`${address} (${v4}) is ${why}`);
  });

  test('refuses 6to4 and Teredo, allows public unicast (also through NAT64 and IPv4-mapped forms)', () => {
    expect(policy.refusedAddress('2002:7f00:1::')).toMatch(/reserved \(6to4\)/);
    expect(policy.refusedAddress('2001::1')).toMatch(/reserved \(teredo\)/);
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(policy.refusedAddress(address), address).toBeNull();
  });

  test('refuses cloud metadata host names before any lookup, whatever their case', () => {
    expect(policy.refusedName('metadata.google.internal')).toMatch(/cloud metadata service/);
    expect(policy.refusedName('METADATA.Google.Internal.')).toMatch(/cloud metadata service/);
    expect(policy.refusedName('backup.example.org')).toBeNull();
  });
});

describe('the allow-list (CELLA_OUTBOUND_ALLOW)', () => {
  test('IPs, CIDR ranges and host names, separated by commas or spaces', () => {
    const policy = OutboundPolicy.parse('127.0.0.1, 10.0.0.0/8 fd00::/8 backup.internal');
    expect(policy.refusedAddress('127.0.0.1')).toBeNull();
    expect(policy.refusedAddress('::ffff:127.0.0.1')).toBeNull();
    expect(policy.refusedAddress('127.0.0.2')).toMatch(/loopback/);
    expect(policy.refusedAddress('10.20.30.40')).toBeNull();
    expect(policy.refusedAddress('fd12::1')).toBeNull();
    expect(policy.refusedAddress('192.168.0.1')).toMatch(/private/);
    expect(policy.allowsHost('Backup.Internal')).toBe(true);
    expect(
      OutboundPolicy.parse('metadata.google.internal').refusedName('metadata.google.internal'),
    ).toBeNull();
  });

  test('a malformed entry stops the node at start, naming the entry', () => {
    expect(() => OutboundPolicy.parse('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is neither/);
    expect(() => OutboundPolicy.parse('http://x')).toThrow(/"http:\/\/x" is neither/);
    expect(() => loadConfig({ CELLA_OUTBOUND_ALLOW: 'not a/range' })).toThrow(ConfigError);
    expect(() => loadConfig({ CELLA_OUTBOUND_ALLOW: 'not a/range' })).toThrow(/CELLA_OUTBOUND_ALLOW/);
    expect(loadConfig({ CELLA_OUTBOUND_ALLOW: '127.0.0.1,localhost' }).outboundAllow).toBe(
      '127.0.0.1,localhost',
    );
  });
});

describe('the outbound agent connects only where the policy allows', () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big') res.end('x'.repeat(100_000));
      else res.end('ok');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  async function attempt(url: string, policy: OutboundPolicy): Promise<string | OutboundRefusedError> {
    const agent = createOutboundAgent(policy);
    try {
      const res = await request(url, { dispatcher: agent });
      return await res.body.text();
    } catch (error) {
      const refused = outboundRefusal(error);
      if (!refused) throw error;
      return refused;
    } finally {
      await agent.close();
    }
  }

  test('IP literals and names resolving to refused addresses never get a connection', async () => {
    const before = connections;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
    ]) {
      const outcome = await attempt(url, OutboundPolicy.DEFAULT);
      expect(outcome, url).toBeInstanceOf(OutboundRefusedError);
      expect((outcome as Error).message).toMatch(/loopback.*CELLA_OUTBOUND_ALLOW/);
    }
    expect(connections).toBe(before);
  });

  test('allow-listed, the same requests go through', async () => {
    expect(await attempt(`http://127.0.0.1:${port}/`, OutboundPolicy.parse('127.0.0.0/8'))).toBe('ok');
    expect(await attempt(`http://localhost:${port}/`, OutboundPolicy.parse('localhost'))).toBe('ok');
  });

  test('readCapped stops reading past its cap', async () => {
    const agent = createOutboundAgent(OutboundPolicy.parse('127.0.0.1'));
    try {
      const big = await request(`http://127.0.0.1:${port}/big`, { dispatcher: agent });
      await expect(readCapped(big.body, 1000)).rejects.toBeInstanceOf(AnswerTooLargeError);
      const small = await request(`http://127.0.0.1:${port}/`, { dispatcher: agent });
      expect(await readCapped(small.body, 1000)).toBe('ok');
    } finally {
      await agent.close();
    }
  });
});
