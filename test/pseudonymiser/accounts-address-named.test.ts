/**
 * A value that a key or column names an address is replaced by its street line, whatever the country's
 * layout: the parts before the one that holds the postcode (or before the city and district that precede a
 * trailing postcode); the postcode and city stay. The stand-in of a street line of several parts names each
 * part and leaves no blank behind.
 */
import { streetLineOf } from '../../pseudonymiser/detectors/accounts/address';
import { standIn, twinOf } from './accounts-helpers';

describe('addresses named by their key or column', () => {
  it('takes the street line of an address in any layout', () => {
    expect(streetLineOf('Klostergade 14, 1157 København K')).toBe('Klostergade 14');
    expect(streetLineOf('Plot 7, 3rd Avenue, Koramangala, Bengaluru 560034')).toBe('Plot 7, 3rd Avenue');
    expect(streetLineOf('Vinohradská 112, 130 00 Praha 3')).toBe('Vinohradská 112');
    expect(streetLineOf('4-2-8 Shibakoen, Minato-ku, Tokyo 105-0011')).toBe('4-2-8 Shibakoen');
    expect(streetLineOf('Sokak 12 Kat 3')).toBe('Sokak 12 Kat 3');
    // a city, a wallet, an e-mail, an IP are no street line
    expect(streetLineOf('Bengaluru, Karnataka')).toBeNull();
    expect(streetLineOf('0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
    expect(streetLineOf('ops@quillbrook.example')).toBeNull();
    expect(streetLineOf('10.20.30.40')).toBeNull();
  });

  it('replaces the street line in a CSV cell, a YAML value and a JSON field, and keeps postcode and city', () => {
    const csv = 'ref,street,zip,city\r\nr1,Klostergade 14,1157,København K\r\n';
    const out = twinOf(csv);
    expect(out).not.toContain('Klostergade 14');
    expect(out).toContain(',1157,København K');
    const yaml = twinOf('billing:\n  address: Vinohradská 112, 130 00 Praha 3\n');
    expect(yaml).not.toContain('Vinohradská 112');
    expect(yaml).toMatch(/address: \S.*\d, 130 00 Praha 3\n$/);
    const json = twinOf(
      JSON.stringify({ shipping_address: 'Plot 7, 3rd Avenue, Koramangala, Bengaluru 560034' }),
      'json',
    );
    expect(json).not.toContain('Plot 7, 3rd Avenue');
    expect(json).toContain('Bengaluru 560034');
  });

  it('gives each part of a street line a name, and no trailing blank', () => {
    const s = standIn('address', 'Flat 7, 3rd Avenue, Koramangala');
    expect(s).toMatch(/^Flat \d, \d(?:st|nd|rd|th) Avenue, \p{Lu}[\p{L} ]+$/u);
    expect(s).not.toMatch(/\s$/);
  });
});

describe('an address with no postcode', () => {
  it('keeps the city after the street line', () => {
    expect(streetLineOf('88 Quarry Lane, Leeds')).toBe('88 Quarry Lane');
    expect(streetLineOf('Flat 4, 9th Main, Jayanagar')).toBe('Flat 4, 9th Main');
  });
});

describe('a street line inside quotes', () => {
  it('ends before the closing quote, which stays (an SQL literal stays well formed)', () => {
    const sql = "INSERT INTO t (id, street) VALUES (1, '3 rue d''Alsace'), (2, '12 rue Saint-Honoré');\n";
    const out = twinOf(sql);
    expect(out).not.toContain('Saint-Honoré');
    expect(out).toMatch(
      /^INSERT INTO t \(id, street\) VALUES \(\d, '[^']*(?:''[^']*)*'\), \(\d, '\d+ rue [^']+'\);\n$/,
    );
  });
});
