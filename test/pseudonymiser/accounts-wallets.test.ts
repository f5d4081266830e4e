/**
 * Wallets in every common encoding, in prose. The addresses are public ones: BIP-173 / BIP-350 test
 * vectors, Tron's USDT contract, Dogecoin's, Litecoin's, Dash's and Zcash's documentation examples, the SPL
 * token program and a Solana documentation address.
 */
import { base58CheckDecode, base58Decode, segwitValid } from '../../pseudonymiser/detectors/accounts/checks';
import { standIn, surfaces, twinOf } from './accounts-helpers';

const wallets = (text: string, format: 'text' | 'json' = 'text') => surfaces(text, 'wallet', format);

const BASE58CHECK: readonly (readonly [string, string])[] = [
  ['Tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['Dogecoin', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  ['Litecoin', 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1'],
  ['Dash', 'XpESxaUmonkq8RaLLp46Brx2K39ggQe226'],
  ['Zcash', 't1Hsc1LR8yKnbbe3twRp88p6vFfC5t7DLbs'],
];
const BECH32: readonly (readonly [string, string])[] = [
  ['Litecoin segwit', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'],
  ['testnet P2WSH (BIP-173)', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
  ['upper case (BIP-173)', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
];
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

/** The same string with one character changed to another base58 / bech32 character of its case. */
const flip = (s: string, i: number): string =>
  s.slice(0, i) + (s[i] === 'q' ? 'p' : s[i] === 'Q' ? 'P' : s[i] === '2' ? '3' : '2') + s.slice(i + 1);

describe('wallets in prose', () => {
  it.each(BASE58CHECK)('%s base58check address %s', (_coin, addr) => {
    expect(wallets(`Payout wallet changed to ${addr}, thanks`)).toEqual([addr]);
    expect(wallets(`Payout wallet changed to ${flip(addr, 20)}, thanks`)).toEqual([]);
  });

  it.each(BECH32)('%s address %s', (_what, addr) => {
    expect(wallets(`send to ${addr}.`)).toEqual([addr]);
    expect(wallets(`send to ${flip(addr, 12)}.`)).toEqual([]);
  });

  it('a Solana address where the words or the key say address, not elsewhere', () => {
    expect(wallets(`Solana wallet: ${SOLANA}`)).toEqual([SOLANA]);
    expect(wallets(`deposit address ${SOLANA} (SOL)`)).toEqual([SOLANA]);
    expect(wallets(JSON.stringify({ recipient: SOLANA }), 'json')).toEqual([SOLANA]);
    expect(wallets(`build ${SOLANA} done`)).toEqual([]);
    expect(wallets(`wallet: TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DX-suffix and ${'A'.repeat(40)}`)).toEqual([]);
  });
});

describe('wallet stand-ins', () => {
  it.each(BASE58CHECK)('%s: same version, length and a valid checksum', (_coin, addr) => {
    const out = standIn('wallet', addr);
    expect(out).not.toBe(addr);
    expect(out).toHaveLength(addr.length);
    const a = base58CheckDecode(addr)!;
    const b = base58CheckDecode(out)!;
    expect(b).not.toBeNull();
    expect(b.length).toBe(a.length);
    expect(b.subarray(0, a.length - 20).equals(a.subarray(0, a.length - 20))).toBe(true);
  });

  it.each(BECH32)('%s: same prefix and length, valid', (_what, addr) => {
    const out = standIn('wallet', addr, addr.toLowerCase());
    expect(segwitValid(out)).toBe(true);
    expect(out).toHaveLength(addr.length);
    expect(out.slice(0, out.indexOf('1') + 2)).toBe(addr.slice(0, addr.indexOf('1') + 2));
    expect(out).not.toBe(addr);
  });

  it('a Solana address: the base58 of 32 other bytes, as long', () => {
    const out = standIn('wallet', SOLANA, 'sol:' + SOLANA);
    expect(out).not.toBe(SOLANA);
    expect(out).toHaveLength(SOLANA.length);
    expect(base58Decode(out)!.length).toBe(32);
    const twin = twinOf(`Solana wallet: ${SOLANA}; again wallet ${SOLANA}`);
    expect(twin).not.toContain(SOLANA);
    expect(new Set(twin.match(/[1-9A-HJ-NP-Za-km-z]{40,}/g)).size).toBe(1);
  });
});
