/**
 * Common names (`CN=`: LDAP DNs, certificate subjects, iCalendar's CN parameter) and the content lines of
 * vCards and iCalendar objects are read as named values: the person recogniser takes a common name with a
 * name's shape, the phone, address and person detectors read `TEL`, `ADR` and `N` components by their names;
 * an object's own `UID` is not read.
 */
import { readStructure, type Field } from '../../pseudonymiser/detectors/structure';
import { twinText } from './accounts-helpers';

function fields(text: string): string[] {
  const out: Field[] = [];
  readStructure(text, out);
  return out.sort((a, b) => a.start - b.start).map((f) => `${f.name}=${text.slice(f.start, f.end)}`);
}

describe('common names', () => {
  it('are read in a DN, a certificate subject and a calendar parameter', () => {
    expect(fields('bind as uid=x,cn=Ilse Vortmann,ou=staff,dc=corp\n')).toContain('cn=Ilse Vortmann');
    expect(fields('subject: /C=DE/O=Acme/CN=Ilse Vortmann\n')).toContain('cn=Ilse Vortmann');
    expect(fields('CHAIR;CN="Vortmann, Ilse":mailto:iv@corp.example\n')).toContain('cn=Vortmann, Ilse');
    // not inside a longer word
    expect(fields('scn=Ilse Vortmann\n').filter((f) => f.startsWith('cn='))).toEqual([]);
  });

  it('replace a person, keep a room or a group', () => {
    const out = twinText(
      'ldapmodify -D "cn=Ilse Vortmann,ou=staff,dc=corp" -w secret\nmember: cn=Release Managers,ou=groups,dc=corp\n',
    );
    expect(out).not.toContain('Ilse Vortmann');
    expect(out).toContain('cn=Release Managers');
  });
});

describe('vCard and iCalendar content lines', () => {
  const card = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'FN:Oskari Velthuijs',
    'N:Velthuijs;Oskari;;;',
    'TEL;TYPE=home:040 1234567',
    'ADR;TYPE=work:;;Runeberginkatu 33 B 12;Helsinki;;00100;FI',
    'UID:0c6f3a9e-card-7711',
    'END:VCARD',
    '',
  ].join('\r\n');

  it('name each value by its property and each N / ADR component by what it is', () => {
    expect(fields(card)).toEqual([
      'FN=Oskari Velthuijs',
      'family_name=Velthuijs',
      'given_name=Oskari',
      'TEL=040 1234567',
      'street_address=Runeberginkatu 33 B 12',
      'locality=Helsinki',
      'postal_code=00100',
      'country=FI',
    ]);
  });

  it('replace the person, the phone and the street, and keep the UID and the city', () => {
    const out = twinText(card);
    for (const v of ['Oskari', 'Velthuijs', '040 1234567', 'Runeberginkatu 33']) expect(out).not.toContain(v);
    expect(out).toContain('UID:0c6f3a9e-card-7711');
    expect(out).toContain(';Helsinki;;00100;FI');
  });
});

describe('JSON written inside text', () => {
  it('names each string and number value by its key', () => {
    expect(
      fields('FAIL › payout\n  Received: {"iban_holder": "Ines Marlowe", "msisdn": "+4915112345678", "age": 41}\n'),
    ).toEqual([
      // the line's own `key: value`, and the pairs inside it
      'Received={"iban_holder": "Ines Marlowe", "msisdn": "+4915112345678", "age": 41}',
      'iban_holder=Ines Marlowe',
      'msisdn=+4915112345678',
      'age=41',
    ]);
  });

  it('lets the detectors read them: a compact number under a phone key is replaced', () => {
    const out = twinText('  Actual: {"mobile": "91234567", "status": "ok"}\n');
    expect(out).not.toContain('91234567');
    expect(out).toContain('"status": "ok"');
  });
});

describe('HTML tables', () => {
  it('name each cell by its column header, and hand a name column to the person recogniser', () => {
    const html =
      '<table><thead><tr><th>Full name</th><th>Mobile</th></tr></thead><tbody><tr><td>Ossiwer Tramblek</td><td>+31 6 12345678</td></tr><tr><td><a href="#">x</a></td><td>n/a</td></tr></tbody></table>';
    // (`href="#"` is a `key=value` pair of the line reader's)
    expect(fields(html)).toEqual(['Full_name=Ossiwer Tramblek', 'Mobile=+31 6 12345678', 'href=#', 'Mobile=n/a']);
    const out = twinText(html);
    expect(out).not.toContain('Ossiwer Tramblek');
    expect(out).not.toContain('12345678');
    expect(out).toContain('<th>Full name</th><th>Mobile</th>');
  });
});
