/**
 * Values that no word, key or column names, read through what holds them: a compact Chinese resident id ending in
 * a digit; a form's unnamed custom fields, named by their record; a finance label that ends its line, naming the
 * number on the next; an e-mail signature read as a contact record; a dotted number with a part above 255 that
 * is no IPv4 address; a host whose first label joins service words with hyphens.
 */
import { surfaces, twinText } from './accounts-helpers';

describe('a compact Chinese resident id ending in a digit', () => {
  it('is found bare, as one ending in X is', () => {
    expect(surfaces('Applicant 110105198402291234 cleared the check.', 'national_id')).toEqual(['110105198402291234']);
    expect(surfaces('居民身份证 440106197711030458', 'national_id')).toEqual(['440106197711030458']);
  });

  it('is not taken when its check digit is wrong', () => {
    expect(surfaces('Applicant 110105198402291235 cleared the check.', 'national_id')).toEqual([]);
  });
});

describe('unnamed custom fields', () => {
  const ticket = (subject: string, value: string): string =>
    JSON.stringify({
      issue: { title: subject, labels: ['support'], custom_fields: [{ id: 9120044, value }] },
    });

  it('takes a national id whose check digits hold', () => {
    expect(surfaces(ticket('Address change', '52998224725'), 'national_id', 'json')).toEqual(['52998224725']);
    expect(
      surfaces(JSON.stringify({ fields: { customfield_10311: '310115199003172814' } }), 'national_id', 'json'),
    ).toEqual(['310115199003172814']);
  });

  it('takes an account number where the record speaks of a payment', () => {
    expect(surfaces(ticket('Refund not received', '004417236690'), 'bank_account', 'json')).toEqual(['004417236690']);
  });

  it('leaves a number in a record about something else, and a number only a check-less scheme would take', () => {
    const doc = ticket('Parcel arrived damaged', '004417236690');
    expect(twinText(doc, 'json')).toBe(doc);
    const nin = ticket('Parcel arrived damaged', '71829304411');
    expect(twinText(nin, 'json')).toBe(nin);
  });
});

describe('a finance label that ends its line', () => {
  it('names the number that ends the next line', () => {
    const log = '✕ payouts › stores the account number\n    Received: "0047 1123 5891"\n';
    expect(surfaces(log, 'bank_account')).toEqual(['0047 1123 5891']);
    expect(surfaces('Migrating the IBAN\nold value: 30551178\n', 'bank_account')).toEqual(['30551178']);
  });

  it('reads no further when the label has its value on its own line, or the next line ends otherwise', () => {
    expect(surfaces('IBAN: none yet\nticket: 30551178\n', 'bank_account')).toEqual([]);
    expect(surfaces('Checked the IBAN\nrun took 30551178 ms\n', 'bank_account')).toEqual([]);
  });
});

describe('an e-mail signature is a contact record', () => {
  const mail =
    'See you Monday.\n\n-- \nDorotea Vanninen\nHalvorsen Kjøkken AS\nκινητό: 694 118 2207\nTorggata 41, 0183 Oslo\n';

  it('takes its phone line whatever the label, and the street line of its address line', () => {
    expect(surfaces(mail, 'phone')).toEqual(['694 118 2207']);
    expect(surfaces(mail, 'address')).toContain('Torggata 41');
    const quoted = '> Thanks!\n>\n> -- \n> Ilse Brandvold\n> 0470 61 82 93\n';
    expect(surfaces(quoted, 'phone')).toEqual(['0470 61 82 93']);
  });

  it('is not read after an SQL comment or a command line', () => {
    const sql = '--\n-- Name: Orders\n--\n 0470618293\n';
    expect(surfaces(sql, 'phone')).toEqual([]);
    expect(surfaces('git checkout --\nLedger 0470618293\n', 'phone')).toEqual([]);
  });
});

describe('street layouts in running text', () => {
  it.each([
    ['Turkish', 'kargo adresi Moda Cd. No:88 D:3, 34710 Kadıköy', 'Moda Cd. No:88 D:3'],
    ['Indian', 'Deliver to Flat 12, 3rd Cross, Jayanagar, Mysuru 570011 today', 'Flat 12, 3rd Cross'],
    ['Australian', 'Moved to 18 Ocean Pde, Coogee NSW 2034 last week', '18 Ocean Pde'],
    ['Austrian', 'Neue Adresse: Lerchenfelder Gürtel 43/2/7, 1160 Wien', 'Lerchenfelder Gürtel 43/2/7'],
    ['Italian', 'Spedire a Via degli Orti 7, 40137 Bologna BO', 'Via degli Orti 7'],
    ['date-named', 'Ahora vivo en Calle 16 de Septiembre 72, 44100 Guadalajara', 'Calle 16 de Septiembre 72'],
  ])('%s', (_name, text, street) => {
    expect(surfaces(text, 'address')).toContain(street);
  });

  it('a Chinese street line with its building and flat, replaced in running text', () => {
    const text = '新地址是杭州市西湖区文三路77号6号楼302室，请更新。';
    // (the Han run before the street is taken with it: Chinese is written without spaces)
    expect(surfaces(text, 'address')[0]).toMatch(/文三路77号6号楼302室$/);
    const out = twinText(text);
    expect(out).not.toContain('文三路77号');
    expect(out).toMatch(/路\d+号\d+号楼\d+室/);
  });

  it('keeps the house number of a named street line whose number stands apart', () => {
    expect(surfaces(JSON.stringify({ address1: 'Rua Augusta, 2210, apto 41' }), 'address', 'json')).toContain(
      'Rua Augusta, 2210, apto 41',
    );
    expect(surfaces(JSON.stringify({ address1: 'Rua da Graça, 57' }), 'address', 'json')).toContain('Rua da Graça, 57');
  });
});

describe('numbers with dots', () => {
  it('a dotted number with a part above 255 is a phone where one is said', () => {
    expect(surfaces('Móvil: 634.81.27.45', 'phone')).toEqual(['634.81.27.45']);
    expect(surfaces('Móvil: 634.81.27.45', 'ip')).toEqual([]);
  });

  it('an address is still an address', () => {
    expect(surfaces('peer 81.2.69.160 closed', 'ip')).toEqual(['81.2.69.160']);
  });
});

describe('hosts named by hyphenated service labels', () => {
  it('finds the domain of prod-db.… and k8s-api.…', () => {
    expect(surfaces('connect to prod-db.harlowe-tech.de first', 'domain')).toEqual(['harlowe-tech.de']);
    expect(surfaces('kubeconfig points at k8s-api.norrvik.se', 'domain')).toEqual(['norrvik.se']);
  });

  it('leaves a hyphenated label of other words', () => {
    expect(surfaces('see my-notes.harlowe-tech.de', 'domain')).toEqual([]);
  });
});
