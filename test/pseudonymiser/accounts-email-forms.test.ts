/**
 * E-mail addresses in every form a trace writes them: any delegated top-level domain (`.pl`, `.py`, `.sh` are
 * countries too), internationalised addresses (RFC 6531), apostrophes (RFC 5322 atext), spelled out against
 * harvesters; while e-mail-shaped ids that link messages (RFC 5322 `Message-ID`, `In-Reply-To`, `References`;
 * RFC 5545 `UID`) stay. Cases from the RFCs' own examples and the issue's reports.
 */
import { surfaces, twinOf, twinText } from './accounts-helpers';

describe('accounts: e-mail addresses at any top-level domain', () => {
  it('finds addresses whose TLD is a country code that looks like a file extension', () => {
    // .pl Poland, .py Paraguay, .sh Saint Helena, .md Moldova, .rs Serbia, .so Somalia (IANA root zone)
    const text = 'Contact n.vo@ratra.pl, ana@loja.com.py, ops@tiny.sh, ion@firma.md, mila@posta.rs, x1@shop.so.';
    expect(surfaces(text, 'email').sort()).toEqual(
      ['ana@loja.com.py', 'ion@firma.md', 'mila@posta.rs', 'n.vo@ratra.pl', 'ops@tiny.sh', 'x1@shop.so'].sort(),
    );
  });

  it('finds addresses at newer generic TLDs', () => {
    expect(surfaces('mail kai@studio.photography or lee@bakery.berlin', 'email').sort()).toEqual([
      'kai@studio.photography',
      'lee@bakery.berlin',
    ]);
  });

  it('replaces such an address whole, local part and domain, in prose', () => {
    const out = twinOf('Please reply to n.vo@ratra.pl before Friday.');
    expect(out).not.toContain('n.vo');
    expect(out).not.toContain('ratra');
    expect(out).toMatch(/^Please reply to \S+@\S+\.pl before Friday\.$/);
  });

  it('takes internationalised addresses whole (RFC 6531 examples)', () => {
    expect(surfaces('write to квіточка@пошта.укр today', 'email')).toEqual(['квіточка@пошта.укр']);
    expect(surfaces('or θσερ@εχαμπλε.ψομ', 'email')).toEqual(['θσερ@εχαμπλε.ψομ']);
    expect(surfaces('or Dörte@Sörensen.example.com', 'email')).toEqual(['Dörte@Sörensen.example.com']);
    expect(surfaces('josé.garcía@empresa.es', 'email')).toEqual(['josé.garcía@empresa.es']);
  });

  it("keeps an apostrophe of the local part (RFC 5322 atext): o'connor@…", () => {
    expect(surfaces("Ping o'connor@acme-robotics.ie please", 'email')).toEqual(["o'connor@acme-robotics.ie"]);
    // a quote before the address is no part of it
    expect(surfaces("email='jane@acme-robotics.ie'", 'email')).toEqual(['jane@acme-robotics.ie']);
  });

  it('leaves file names, versions and image densities alone', () => {
    const text = 'see setup.py and README.md; npm i lodash@4.17.21; icon@2x.png logo@3x.webp; A@B.T';
    expect(surfaces(text, 'email')).toEqual([]);
  });
});

describe('accounts: e-mail-shaped ids that link the trace stay', () => {
  // RFC 5322 appendix A.2 and RFC 5545 3.8.4.7
  const mail = [
    'From: Mary Smith <mary@northwind-traders.io>',
    'To: John Doe <jdoe@northwind-traders.io>',
    'Message-ID: <3456@northwind-traders.io>',
    'In-Reply-To: <1234@local.machine.example>',
    'References: <1234@local.machine.example>',
    ' <3456@example.net>',
    'Subject: Re: Saying Hello',
  ].join('\n');

  it('keeps Message-ID, In-Reply-To and References (also folded) and replaces the addresses', () => {
    const found = surfaces(mail, 'email');
    expect(found.sort()).toEqual(['jdoe@northwind-traders.io', 'mary@northwind-traders.io']);
    const out = twinOf(mail);
    expect(out).toContain('In-Reply-To: <1234@local.machine.example>');
    expect(out).toContain(' <3456@example.net>');
    expect(out).not.toContain('mary@');
  });

  it('keeps a calendar UID and replaces the organizer', () => {
    const ics = [
      'BEGIN:VEVENT',
      'UID:19970610T172345Z-AF23B2@example.com',
      'ORGANIZER;CN=John Smith:mailto:jsmith@host1.com',
      'END:VEVENT',
    ].join('\r\n');
    expect(surfaces(ics, 'email')).toEqual(['jsmith@host1.com']);
  });

  it('keeps ids under JSON keys and Gmail-style name/value header pairs', () => {
    const doc = JSON.stringify({
      message_id: '<CAF=abc123@mail.gmail.com>',
      iCalUID: '7kukuqrfedlm2f9t8vr42q2qs8@google.com',
      payload: {
        headers: [
          { name: 'From', value: 'Liora Dahan <liora@brightwave.io>' },
          { name: 'Message-ID', value: '<20240501.x1@brightwave.io>' },
        ],
      },
    });
    expect(surfaces(doc, 'email', 'json')).toEqual(['liora@brightwave.io']);
  });

  it('still replaces an address after a From: header or a plain key', () => {
    expect(surfaces('From: jane@brightwave.io\nuser: bob@brightwave.io', 'email').sort()).toEqual([
      'bob@brightwave.io',
      'jane@brightwave.io',
    ]);
  });
});

describe('accounts: e-mail addresses spelled out in prose', () => {
  it('finds the common spelled-out forms', () => {
    const text = [
      'Reach me at j dot smith at example dot com.',
      'Mail jane[at]acme-robotics[dot]io or bob (at) acme-robotics (dot) io.',
      'Or KIM AT ACME-ROBOTICS DOT IO, or lee{at}acme-robotics.io.',
    ].join('\n');
    expect(surfaces(text, 'email').sort()).toEqual(
      [
        'j dot smith at example dot com',
        'jane[at]acme-robotics[dot]io',
        'bob (at) acme-robotics (dot) io',
        'KIM AT ACME-ROBOTICS DOT IO',
        'lee{at}acme-robotics.io',
      ].sort(),
    );
  });

  it('leaves prose that only looks like it', () => {
    const text = [
      'Look at the dot com bubble of 2000.',
      'Take a look at app.py and at setup.sh.',
      'The dot product at each step.',
      'We met at noon.',
    ].join('\n');
    expect(surfaces(text, 'email')).toEqual([]);
  });

  it('writes the stand-in spelled out the same way, consistent with the plain address', () => {
    const out = twinText('Write jane.doe@acme-robotics.io, i.e. jane dot doe at acme-robotics dot io.');
    const m = /^Write (\S+)@(\S+)\.io, i\.e\. (\S+) dot (\S+) at (\S+) dot io\.$/.exec(out);
    expect(m).not.toBeNull();
    expect(out).not.toMatch(/jane|doe|acme/i);
    const [, local, domain, a, b, d2] = m!;
    expect(`${a}.${b}`).toBe(local);
    expect(d2).toBe(domain);
  });
});

describe('accounts: e-mail scans on adversarial text', () => {
  // the jest timeout is the guard: a scan that backtracks on these never finishes; timings belong to the bench
  it('finishes on separator words, brackets and @ signs with no newline, finding no address', () => {
    for (const doc of [
      ' dot '.repeat(100_000),
      '[at]'.repeat(100_000),
      'a at b dot '.repeat(50_000),
      'a@'.repeat(200_000),
    ]) {
      expect(surfaces(doc, 'email')).toEqual([]);
    }
  });
});
