/**
 * Webhook URL and address checks: every refused range, the IPv6 forms that
 * embed IPv4, cloud metadata addresses and names, numeric host spellings, and
 * resolution (a name resolving to any refused address is refused).
 */
import {
  checkUrlSyntax,
  checkWebhookUrl,
  classifyAddress,
  parseIPv6,
  refusedAddress,
  type Resolver,
} from '../../webhooks/address';

const strict = { allowLoopback: false };
const loopbackOk = { allowLoopback: true };

describe('IPv4 ranges', () => {
  test.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.1.1', 'link_local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is refused as %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '192.0.1.1',
    '223.255.255.255',
    '11.0.0.1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });
});

describe('IPv6 ranges', () => {
  test.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'site_local'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'reserved'],
    ['100::1', 'discard'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'not_global_unicast'],
    ['1234::1', 'not_global_unicast'],
    ['fe80::1%eth0', 'zone_id'],
  ])('%s is refused as %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  test.each(['2606:4700:4700::1111', '2a00:1450:4001:830::200e', '2001:4860:4860::8888'])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });
});

describe('IPv6 forms that embed IPv4', () => {
  test.each([
    // IPv4-mapped: unmapped and judged as IPv4
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:100.64.0.1', 'cgnat'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    // IPv4-translated and IPv4-compatible
    ['::ffff:0:7f00:1', 'ipv4_translated'],
    ['::127.0.0.1', 'ipv4_compatible'],
    ['::a00:1', 'ipv4_compatible'],
    // NAT64 (well-known and local-use prefixes)
    ['64:ff9b::127.0.0.1', 'nat64'],
    ['64:ff9b::7f00:1', 'nat64'],
    ['64:ff9b::a9fe:a9fe', 'nat64'],
    ['64:ff9b::808:808', 'nat64'],
    ['64:ff9b:1::a00:1', 'nat64'],
    // 6to4: 2002:AABB:CCDD::/48 embeds AA.BB.CC.DD
    ['2002:7f00:1::1', '6to4'],
    ['2002:a00:1::1', '6to4'],
    ['2002:a9fe:a9fe::', '6to4'],
    // Teredo: server and (inverted) client IPv4 inside 2001::/32; client 127.0.0.1 here
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo'],
    ['2001::c0a8:101:0:0:3fff:fdd2', 'teredo'],
  ])('%s is refused as %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  test('a mapped public address is judged as that address', () => {
    expect(classifyAddress('::ffff:8.8.8.8')).toBeNull();
    expect(classifyAddress('::ffff:808:808')).toBeNull();
  });

  test('IPv6 text parses to the right bytes', () => {
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIPv6('1::')).toEqual([0, 1, ...new Array(14).fill(0)]);
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6('12345::')).toBeNull();
  });
});

describe('cloud metadata', () => {
  test.each(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', '168.63.129.16', 'fd00:ec2::254'])(
    '%s is a metadata address',
    (address) => {
      expect(classifyAddress(address)).toBe('metadata');
      expect(refusedAddress(address, loopbackOk)).toBe('metadata');
    },
  );

  test.each([
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata.goog/',
    'https://metadata/',
    'https://instance-data/latest/',
    'https://instance-data.ec2.internal/',
  ])('%s is refused by name', (url) => {
    const r = checkUrlSyntax(url, loopbackOk);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('metadata_name');
  });

  test.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/',
    'https://[::ffff:169.254.169.254]/',
  ])('%s is refused as a literal', (url) => {
    const r = checkUrlSyntax(url, loopbackOk);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('metadata');
  });
});

describe('numeric host spellings', () => {
  test.each([
    ['https://2130706433/', 'decimal'],
    ['https://0x7f000001/', 'hex'],
    ['https://0x7f.1/', 'hex, short'],
    ['https://0177.0.0.1/', 'octal'],
    ['https://0177.0.0.01/', 'octal parts'],
    ['https://127.1/', 'short'],
    ['https://127.0.1/', 'short'],
    ['https://0251.0376.0251.0376/', 'octal metadata'],
    ['https://134744072/', 'decimal of a public address'],
    ['https://0x8.0x8.0x8.0x8/', 'hex of a public address'],
    ['https://8.8.2056/', 'short form of a public address'],
    ['https://１２７.０.０.１/', 'full-width digits'],
  ])('%s (%s) is refused', (url) => {
    const r = checkUrlSyntax(url, loopbackOk);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('numeric_host_spelling');
  });

  test.each([
    'https://%31%32%37.0.0.1/',
    'https://ex%61mple.com/',
    'https://exa\tmple.com/',
    'https:\\\\example.com/',
    ' https://example.com/',
  ])('%j is refused as not plainly written', (url) => {
    const r = checkUrlSyntax(url, strict);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('host_not_canonical');
  });

  test('a plain dotted public address passes', () => {
    const r = checkUrlSyntax('https://8.8.8.8/hook', strict);
    expect(r.ok && r.hostname).toBe('8.8.8.8');
  });
});

describe('URL rules', () => {
  test.each([
    ['http://example.com/hook', 'not_https'],
    ['ftp://example.com/', 'not_https'],
    ['example.com/hook', 'not_a_url'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    ['https://@example.com/', 'credentials'],
    ['https://localhost/', 'loopback_name'],
    ['https://a.localhost/', 'loopback_name'],
    ['https://intranet/', 'single_label_name'],
    ['https://printer.local/', 'internal_name'],
    ['https://db.internal/', 'internal_name'],
    ['https://router.home.arpa/', 'internal_name'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://[::1]:8443/', 'loopback'],
    ['https://10.0.0.1/', 'private'],
    ['https://[fe80::1]/', 'link_local'],
  ])('%s is refused (%s)', (url, reason) => {
    const r = checkUrlSyntax(url, strict);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe(reason);
  });

  test('2048 characters pass, 2049 do not', () => {
    const base = 'https://example.com/';
    expect(checkUrlSyntax(base + 'a'.repeat(2048 - base.length), strict).ok).toBe(true);
    const long = checkUrlSyntax(base + 'a'.repeat(2049 - base.length), strict);
    expect(!long.ok && long.reason).toBe('too_long');
  });

  test('--webhook-allow-loopback lets loopback through and nothing else', () => {
    for (const url of [
      'https://127.0.0.1:8443/',
      'https://127.9.9.9/',
      'https://[::1]/',
      'https://localhost:1234/',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      expect(checkUrlSyntax(url, loopbackOk).ok).toBe(true);
    }
    for (const url of [
      'https://10.0.0.1/',
      'https://169.254.169.254/',
      'https://[64:ff9b::7f00:1]/',
      'https://[2002:7f00:1::]/',
      'https://0x7f.1/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
    ]) {
      expect(checkUrlSyntax(url, loopbackOk).ok).toBe(false);
    }
    expect(refusedAddress('127.0.0.1', loopbackOk)).toBeNull();
    expect(refusedAddress('::1', loopbackOk)).toBeNull();
    expect(refusedAddress('192.168.0.1', loopbackOk)).toBe('private');
  });
});

describe('resolution', () => {
  const table: Record<string, string[]> = {
    'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'mixed.example': ['93.184.215.14', '10.0.0.5'],
    'rebind.example': ['127.0.0.1'],
    'mapped.example': ['::ffff:169.254.169.254'],
    'nat64.example': ['64:ff9b::a00:1'],
    'none.example': [],
  };
  const resolver: Resolver = async (host) => {
    const list = table[host];
    if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  test('a name with only public addresses passes, with every address kept', async () => {
    const r = await checkWebhookUrl('https://public.example/hook', strict, resolver);
    expect(r.ok && r.checked.addresses.map((a) => a.address)).toEqual(table['public.example']);
  });

  test.each([
    ['https://mixed.example/', 'private'],
    ['https://rebind.example/', 'loopback'],
    ['https://mapped.example/', 'metadata'],
    ['https://nat64.example/', 'nat64'],
    ['https://none.example/', 'no_addresses'],
    ['https://missing.example/', 'unresolvable'],
  ])('%s is refused (%s)', async (url, reason) => {
    const r = await checkWebhookUrl(url, strict, resolver);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe(reason);
    expect(!r.ok && r.detail).not.toContain('example');
  });
});
