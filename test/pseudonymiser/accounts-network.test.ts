import { ipv4Public, ipv6Public, parseIPv4, parseIPv6 } from '../../pseudonymiser/detectors/accounts/checks';
import { standIn, surfaces, twinOf } from './accounts-helpers';

describe('accounts: IPv4', () => {
  it('replaces public addresses and keeps private, loopback, link-local, documentation, CGNAT, multicast', () => {
    const text =
      'from 81.2.69.160 and 8.34.208.1:443 via http://34.117.59.81/x; kept 10.0.0.1 127.0.0.1 169.254.1.1 192.168.1.10 172.16.5.4 100.64.0.1 192.0.2.1 198.51.100.7 203.0.113.5 224.0.0.251 255.255.255.0 0.0.0.0';
    expect(surfaces(text, 'ip').sort()).toEqual(['34.117.59.81', '8.34.208.1', '81.2.69.160'].sort());
  });

  it('keeps version numbers, dotted longer runs and public resolvers', () => {
    const text = 'version 7.6.3.1, v1.2.3.4, Chrome/120.0.6099.109, 1.2.3.4.5, DNS 8.8.8.8 and 1.1.1.1';
    expect(surfaces(text, 'ip')).toEqual([]);
    expect(surfaces(JSON.stringify({ version: '7.6.3.1', app_version: '5.4.3.2' }), 'ip', 'json')).toEqual([]);
  });

  it('stand-ins stay public IPv4, are keyed and injective', () => {
    const seen = new Set<string>();
    for (let i = 1; i < 120; i++) {
      const ip = `81.2.${i}.${(i * 37) % 250}`;
      const out = standIn('ip', ip);
      const n = parseIPv4(out);
      expect(n).not.toBeNull();
      expect(ipv4Public(n!)).toBe(true);
      expect(out).not.toBe(ip);
      expect(seen.has(out)).toBe(false);
      seen.add(out);
    }
    const a = twinOf('ip 81.2.69.160');
    expect(twinOf(JSON.stringify({ client: '81.2.69.160' }), 'json')).toBe(JSON.stringify({ client: a.slice(3) }));
  });
});

describe('accounts: IPv6', () => {
  it('replaces global unicast, keeps the rest and code that looks like it', () => {
    const text =
      'from 2a00:1450:4001:81b::200e and 2606:4700:4700::1111; kept ::1, fe80::1, fd00::12, ff02::1, 2001:db8::1, std::vector, 12:30:45, a::b, 2:30:00';
    expect(surfaces(text, 'ip').sort()).toEqual(['2606:4700:4700::1111', '2a00:1450:4001:81b::200e']);
  });

  it('stand-ins stay global unicast and keep the written form', () => {
    for (const ip of ['2a00:1450:4001:81b::200e', '2A00:1450:4001:081B:0000:0000:0000:200E', '2606:4700:4700::1111']) {
      const out = standIn('ip', ip, ip.toLowerCase());
      const g = parseIPv6(out);
      expect(g).not.toBeNull();
      expect(ipv6Public(g!)).toBe(true);
      expect(out.replace(/[0-9a-fA-F]/g, 'h')).toBe(ip.replace(/[0-9a-fA-F]/g, 'h'));
      expect(/[a-f]/.test(out) && /[A-F]/.test(ip)).toBe(false);
      expect(out).not.toBe(ip);
    }
  });
});

describe('accounts: MAC addresses', () => {
  it('finds colon and dash forms, not all-zero, broadcast or times', () => {
    const text =
      'eth0 00:1A:2B:3C:4D:5E wifi a4-83-e7-12-34-56 zero 00:00:00:00:00:00 ff:ff:ff:ff:ff:ff time 12:30:45:10:20:30.5';
    expect(surfaces(text, 'mac').sort()).toEqual(['00:1A:2B:3C:4D:5E', 'a4-83-e7-12-34-56']);
  });

  it('keeps separator, case and the unicast / universal bits', () => {
    for (const mac of ['00:1A:2B:3C:4D:5E', 'a4-83-e7-12-34-56', '02:00:5e:10:00:01']) {
      const out = standIn('mac', mac, mac.replace(/[:-]/g, '').toLowerCase());
      expect(out.replace(/[0-9a-fA-F]/g, 'h')).toBe(mac.replace(/[0-9a-fA-F]/g, 'h'));
      expect(/[a-f]/.test(out) && /[A-F]/.test(mac)).toBe(false);
      expect(/[A-F]/.test(out) && /[a-f]/.test(mac)).toBe(false);
      expect(parseInt(out.slice(0, 2), 16) & 3).toBe(parseInt(mac.slice(0, 2), 16) & 3);
      expect(out).not.toBe(mac);
    }
    const out = twinOf('a 00:1A:2B:3C:4D:5E b 00-1a-2b-3c-4d-5e');
    const [x, y] = out.match(/[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}/g)!;
    expect(x!.replace(/:/g, '').toLowerCase()).toBe(y!.replace(/-/g, ''));
  });
});
