/**
 * A value that a key or column names phone is read whole, in the layout that delimits it: a CSV cell before a
 * cell that starts with a digit, a dotted national number with a zero-led group (no IPv4 address), a number
 * of five dashed groups (no date), a compact number of eight digits (too short to be a phone number without
 * the key).
 */
import { detect } from './accounts-helpers';

const phones = (text: string): string[] =>
  detect(text)
    .filter((f) => f.kind === 'phone')
    .map((f) => f.surface);

describe('phones named by their key or column', () => {
  it('reads a CSV cell to its end when the next cell starts with a digit', () => {
    const csv = 'sku,mobile,qty\r\nA-17,+31 6 12345678,3\r\nB-02,+49 1512 3456789,12\r\n';
    expect(phones(csv)).toEqual(['+31 6 12345678', '+49 1512 3456789']);
  });

  it('takes a dotted number with a zero-led group for a phone number, not an IPv4 address', () => {
    expect(phones('tel: 079.456.78.90\n')).toEqual(['079.456.78.90']);
    // a dotted quad written as IPv4 addresses are stays one
    expect(phones('tel: 81.2.69.160\n')).toEqual([]);
  });

  it('reads five dashed groups as a phone number, not as a date followed by digits', () => {
    expect(phones('handset_mobile=06-11-12-54-32 retries=2\n')).toEqual(['06-11-12-54-32']);
    // a date stays a date
    expect(phones('mobile_since=2024-03-09\n')).toEqual([]);
  });

  it('takes a compact eight-digit number under a phone key, and not under another key', () => {
    expect(phones('| ref | cell_phone |\n|-----|------------|\n| r1  | 91234567   |\n')).toEqual(['91234567']);
    expect(phones('| ref | batch |\n|-----|-------|\n| r1  | 91234567 |\n')).toEqual([]);
  });
});

describe('keys that only hold a phone word inside another word', () => {
  it('do not make a number a phone number', () => {
    const line = 'prices: {"Headphones": "69927929", "hotel": "41555501", "telemetry": "20250618"}\n';
    expect(phones(line)).toEqual([]);
  });
});
