import { base58CheckDecode, eip55, segwitValid } from '../../pseudonymiser/detectors/accounts/checks';
import { standIn, surfaces, twinOf } from './accounts-helpers';

describe('accounts: street addresses', () => {
  it('finds English, French and street-first layouts', () => {
    const text = [
      'Ship to 1668 Glyn St today',
      'at 742 Evergreen Terrace, Apt 5.',
      'visit 1600 Pennsylvania Avenue NW',
      'Paris: 12 rue de la Paix',
      'Berlin: Hauptstraße 5',
      'Lisboa: Rua do Arenque 1634',
      'Tujetsch: Via Franscini 71 Suite 838',
      'Oulu: Kiannonkatu 98',
    ].join('\n');
    expect(surfaces(text, 'address').sort()).toEqual(
      [
        '1668 Glyn St',
        '742 Evergreen Terrace, Apt 5',
        '1600 Pennsylvania Avenue',
        '12 rue de la Paix',
        'Hauptstraße 5',
        'Rua do Arenque 1634',
        'Via Franscini 71 Suite 838',
        'Kiannonkatu 98',
      ].sort(),
    );
  });

  it('does not take numbers before ordinary words for addresses', () => {
    expect(surfaces('I have 3 Big Dogs and 12 Apples; step 2 Run tests; line 40 String 5; at 5 PM', 'address')).toEqual(
      [],
    );
  });

  it('stand-ins keep number length and street-type words', () => {
    const a = standIn('address', '1668 Glyn St');
    expect(a).toMatch(/^[1-9]\d{3} [A-Z][a-z]+(?: [A-Z][a-z]+)* St$/);
    expect(a).not.toBe('1668 Glyn St');
    const b = standIn('address', '742 Evergreen Terrace, Apt 5');
    expect(b).toMatch(/^[1-9]\d\d [A-Z][a-z]+(?: [A-Z][a-z]+)* Terrace, Apt \d$/);
    expect(standIn('address', 'Hauptstraße 5')).toMatch(/^[A-Z][a-z]+straße \d$/);
    expect(standIn('address', 'Rua do Arenque 1634')).toMatch(/^Rua do [A-Z][a-z]+(?: [A-Z][a-z]+)* \d{4}$/);
    const out = twinOf('from 1668 Glyn St to 1668 Glyn St');
    expect(out).not.toContain('Glyn');
    const [x, y] = /from (.*) to (.*)/.exec(out)!.slice(1);
    expect(x).toBe(y);
  });
});

describe('accounts: crypto wallets', () => {
  const eth = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const btc = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
  const p2sh = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
  const segwit = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
  const taproot = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';

  it('finds addresses with valid checksums only, never bare git SHAs', () => {
    const text = `${eth} ${btc} ${p2sh} ${segwit} ${taproot} sha 5aaeb6053f3e94c9b9a09f33669435e7ef1beaed bad 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD`;
    expect(surfaces(text, 'wallet').sort()).toEqual([btc, p2sh, eth, segwit, taproot].sort());
  });

  it('stand-ins are valid for their format', () => {
    const e = standIn('wallet', eth, eth.toLowerCase());
    expect(e).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(eip55(e.slice(2))).toBe(e.slice(2));
    expect(standIn('wallet', eth.toLowerCase())).toMatch(/^0x[0-9a-f]{40}$/);
    expect(standIn('wallet', eth.toLowerCase(), eth.toLowerCase())).toBe(e.toLowerCase());
    for (const [addr, version] of [
      [btc, 0],
      [p2sh, 5],
    ] as const) {
      const out = standIn('wallet', addr);
      expect(out).toHaveLength(addr.length);
      expect(out[0]).toBe(addr[0]);
      const payload = base58CheckDecode(out);
      expect(payload).not.toBeNull();
      expect(payload![0]).toBe(version);
      expect(out).not.toBe(addr);
    }
    for (const addr of [segwit, taproot]) {
      const out = standIn('wallet', addr);
      expect(segwitValid(out)).toBe(true);
      expect(out.slice(0, 4)).toBe(addr.slice(0, 4));
      expect(out).toHaveLength(addr.length);
      expect(out).not.toBe(addr);
    }
  });

  it('one address in two casings gets one stand-in', () => {
    const out = twinOf(`a ${eth} b ${eth.toLowerCase()}`);
    const [x, y] = out.match(/0x[0-9a-fA-F]{40}/g)!;
    expect(x!.toLowerCase()).toBe(y!.toLowerCase());
    expect(x!.toLowerCase()).not.toBe(eth.toLowerCase());
  });
});
