import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { detect, layout, standIn, surfaces, twinOf } from './accounts-helpers';

const phones = (text: string, format: 'text' | 'json' = 'text') => surfaces(text, 'phone', format);

describe('accounts: phone detection', () => {
  it('finds numbers of many countries and layouts', () => {
    const list = [
      '(415) 555-0100',
      '+1 415 555 0100',
      '415.555.0100',
      '+1-202-555-0143',
      '+44 20 7946 0958',
      '+46 (0)8 928 571 38',
      '+33 6 12 34 56 78',
      '+49 30 123456',
      '+91 98765 43210',
      '0490 75 40 81',
      '03.93.92.16.85',
      '001-518-640-0854',
      '(602)272-9781x0135',
      '+447700900123',
    ];
    const text = list.map((p) => `call ${p} now`).join('\n');
    expect(phones(text).sort()).toEqual([...list].sort());
  });

  it('gives each number its E.164 form as canonical', () => {
    const f = detect('call (415) 555-0100 or +1 415 555 0100').filter((x) => x.kind === 'phone');
    expect(f.map((x) => x.canonical)).toEqual(['+14155550100', '+14155550100']);
  });

  it('does not take dates, times, versions, ids, prices or digit runs for phones', () => {
    const text = [
      'on 2024-01-15 at 12:30:45, 15.01.2024, 01/15/2024',
      'version 10.15.7.123 and v1.2.3, build 2024.01.15',
      'ts 1700000000 and 1712345678901 ms',
      'price $1,234,567.89 or 4 155 550 100 items? no: 1234 5678',
      'order 12345678901234567890 and x4155550100y and 4155550100123',
      'pi 3.14159265358 and 192.168.100.200',
    ].join('\n');
    expect(phones(text)).toEqual([]);
    expect(phones(JSON.stringify({ id: '4155550100', request_id: '2125551234' }), 'json')).toEqual([]);
    expect(phones(JSON.stringify({ phone: '4155550100' }), 'json')).toEqual(['4155550100']);
  });
});

describe('accounts: phone stand-ins', () => {
  const cases: [string, string][] = [
    ['(415) 555-0100', '+14155550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+46 (0)8 928 571 38', '+46892857138'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0490 75 40 81', '+61490754081'],
    ['+91 98765 43210', '+919876543210'],
    ['(602)272-9781x0135', '+16022729781'],
  ];
  it.each(cases)('%s keeps country, length and layout and is valid', (original, e164) => {
    const out = standIn('phone', original, e164);
    expect(layout(out)).toBe(layout(original));
    expect(out).not.toBe(original);
    const body = out.replace(/x\d+$/, '');
    const digits = body.replace(/\D/g, '');
    const cc = parsePhoneNumberFromString(e164)!.countryCallingCode;
    const national = parsePhoneNumberFromString(e164)!.nationalNumber as string;
    const e = `+${cc}${digits.slice(digits.length - national.length)}`;
    const p = parsePhoneNumberFromString(e)!;
    expect(p.isValid()).toBe(true);
    expect(p.countryCallingCode).toBe(cc);
    if (original.includes('x')) expect(out.endsWith('x0135')).toBe(true);
  });

  it('gives two layouts of one number the same digits', () => {
    const out = twinOf('call (415) 555-0100 or +1 415 555 0100 or 415.555.0100 today');
    const m = /call (\(\d{3}\) \d{3}-\d{4}) or (\+1 \d{3} \d{3} \d{4}) or (\d{3}\.\d{3}\.\d{4}) today/.exec(out)!;
    expect(m).not.toBeNull();
    const d = m.slice(1, 4).map((s) => s.replace(/\D/g, '').slice(-10));
    expect(d[0]).toBe(d[1]);
    expect(d[1]).toBe(d[2]);
    expect(d[0]).not.toBe('4155550100');
  });

  it('never maps two numbers to one stand-in', () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 150; i++) {
      const n = `+1 212 555 ${String(1000 + i * 7).padStart(4, '0')}`;
      const e = parsePhoneNumberFromString(n)!.number as string;
      const out = standIn('phone', n, e);
      expect(seen.has(out)).toBe(false);
      seen.set(out, n);
    }
  });

  it('is consistent across JSON, JSONL and text with one key', () => {
    const json = twinOf(JSON.stringify({ contact: { phone: '+44 20 7946 0958' } }), 'json');
    const jsonl = twinOf('{"msg":"ring +44 20 7946 0958"}\n{"x":1}\n', 'jsonl');
    const text = twinOf('Tel: +44 20 7946 0958');
    const s = JSON.parse(json).contact.phone as string;
    expect(s).not.toBe('+44 20 7946 0958');
    expect(JSON.parse(jsonl.split('\n')[0]!).msg).toBe(`ring ${s}`);
    expect(text).toBe(`Tel: ${s}`);
  });
});
