/**
 * Ids of people and accounts: provider object ids whatever their letters (Stripe's documented prefixes, Paddle
 * Billing's), prefixes kept in the stand-in, Salesforce record ids (15 and 18 characters, the documented
 * case-safe suffix), ids named by their JSON key (numbers too, replaced by numbers of the same length) or by a
 * person object around them; while ids that link the trace (messages, runs, tool calls, requests) stay.
 */
import { crmChecksum, randomIdPart } from '../../pseudonymiser/detectors/accounts/identity';
import { detect, standIn, surfaces, twinOf, twinText } from './accounts-helpers';

const kinds = (doc: string, format: 'text' | 'json' = 'text'): string[] =>
  [...new Set(detect(doc, format).map((f) => `${f.kind}:${f.surface}`))].sort();

describe('accounts: provider object ids', () => {
  it('finds Stripe ids whatever their letters, in prose and in table rows', () => {
    // ids shaped as in Stripe's API reference: random parts of letters and digits, some with no digit at all
    const text = [
      'Refund ch_3MmlLrLkdIwHu7ix0snN0B15 for customer cus_IUCGlmuNhZcsii (pm_1MqLiJLkdIwHu7ixUEgbFdYF).',
      '| cus_NffrFeUfNV2Hib | price_1MoBy5LkdIwHu7ixZhnattbh | sub_1MowQVLkdIwHu7ixeRlqHVzs |',
      'invoice in_1MtHbELkdIwHu7ixl4OzzPMv, payout po_1OaFDbEcg9tTZuTgNYmX6jkv, event evt_1NG8Du2eZvKYlo2CUI79vXWy',
      'Paddle customer ctm_01h8441jn5pcwrfhwh78jqt8hk and txn_01h04vsbhqc62t8hmd4z3b578c',
    ].join('\n');
    expect(surfaces(text, 'account_id').sort()).toEqual(
      [
        'ch_3MmlLrLkdIwHu7ix0snN0B15',
        'cus_IUCGlmuNhZcsii',
        'pm_1MqLiJLkdIwHu7ixUEgbFdYF',
        'cus_NffrFeUfNV2Hib',
        'price_1MoBy5LkdIwHu7ixZhnattbh',
        'sub_1MowQVLkdIwHu7ixeRlqHVzs',
        'in_1MtHbELkdIwHu7ixl4OzzPMv',
        'po_1OaFDbEcg9tTZuTgNYmX6jkv',
        'evt_1NG8Du2eZvKYlo2CUI79vXWy',
        'ctm_01h8441jn5pcwrfhwh78jqt8hk',
        'txn_01h04vsbhqc62t8hmd4z3b578c',
      ].sort(),
    );
  });

  it('leaves code identifiers with the same prefixes, and linking ids', () => {
    const text = [
      'in_progress in_channels=3 sub_TotalAmount re_compile pi_value card_number price_list src_dir',
      'req_8mWzQk2NfR1xQp msg_01XFDUDYJgAACzvnptvVoYEL toolu_01A09q90qw90lq917835lq9 call_abc123XYZ run_9f8e7d6c',
    ].join('\n');
    expect(surfaces(text, 'account_id')).toEqual([]);
  });

  it('tells random id parts from identifiers', () => {
    expect(randomIdPart('IUCGlmuNhZcsii')).toBe(true);
    expect(randomIdPart('NffrFeUfNV2Hib')).toBe(true);
    expect(randomIdPart('TotalAmountDue')).toBe(false);
    expect(randomIdPart('progress')).toBe(false);
  });

  it('keeps the prefix and the separators of a prefixed id', () => {
    for (const id of [
      'cus_IUCGlmuNhZcsii',
      'CUST-868345',
      'acct_1032D82eZvKYlo2C',
      'USR-4410-22',
      'ctm_01h8441jn5pcw',
    ]) {
      const out = standIn('account_id', id);
      const head = /^[A-Za-z]+[-_]/.exec(id)![0];
      expect(out.startsWith(head)).toBe(true);
      expect(out).not.toBe(id);
      expect(out.replace(/[A-Za-z]/g, 'a').replace(/\d/g, '9')).toBe(id.replace(/[A-Za-z]/g, 'a').replace(/\d/g, '9'));
    }
  });

  it('replaces them in a twin with their prefix kept', () => {
    const out = twinOf('customer cus_IUCGlmuNhZcsii, account CUST-868345');
    expect(out).toMatch(/^customer cus_[A-Za-z]{14}, account CUST-\d{6}$/);
    expect(out).not.toContain('IUCGlmuNhZcsii');
    expect(out).not.toContain('868345');
  });
});

describe('accounts: Salesforce record ids', () => {
  it('computes the documented case-safe suffix', () => {
    // Salesforce's example: 001A0000006Vm9r → 001A0000006Vm9rIAC
    expect(crmChecksum('001A0000006Vm9r')).toBe('IAC');
  });

  it('finds 15- and 18-character ids of people and accounts, one record one entity', () => {
    const text = 'Contact 003hMmTEri342WrLKP, account 001A0000006Vm9rIAC (001A0000006Vm9r), lead 00Q5g00000ABcdE';
    const found = detect(text).filter((f) => f.kind === 'account_id');
    expect([...new Set(found.map((f) => f.surface))].sort()).toEqual(
      ['003hMmTEri342WrLKP', '001A0000006Vm9rIAC', '001A0000006Vm9r', '00Q5g00000ABcdE'].sort(),
    );
    const canon = (s: string): string | undefined =>
      found.find((f) => f.surface === s && f.canonical?.startsWith('sfdc:'))?.canonical;
    expect(canon('001A0000006Vm9rIAC')).toBe(canon('001A0000006Vm9r'));
  });

  it('leaves other runs of 15 or 18 characters alone', () => {
    expect(surfaces('sha 1a2b3c4d5e6f7a8 build 20240501123456789 ref abcdefGHIJKL123', 'account_id')).toEqual([]);
  });

  it('gives a stand-in with the key prefix and a valid suffix', () => {
    const out = twinOf('account 001A0000006Vm9rIAC and 001A0000006Vm9r');
    const m = /^account (001[A-Za-z0-9]{15}) and (001[A-Za-z0-9]{12})$/.exec(out);
    expect(m).not.toBeNull();
    expect(m![1]).not.toBe('001A0000006Vm9rIAC');
    expect(m![1]!.slice(0, 15)).toBe(m![2]);
    expect(m![1]!.slice(15)).toBe(crmChecksum(m![2]!));
  });
});

describe('accounts: ids named by their key or the object around them', () => {
  it('replaces a JSON number under an id key by a number of the same length', () => {
    const doc = JSON.stringify({ author_id: 7093467311913, requester_id: 48213977, tokens: 7093467311913 });
    const out = twinText(doc, 'json');
    const parsed = JSON.parse(out) as Record<string, number>;
    expect(String(parsed.author_id)).toMatch(/^[1-9]\d{12}$/);
    expect(parsed.author_id).not.toBe(7093467311913);
    expect(String(parsed.requester_id)).toMatch(/^[1-9]\d{7}$/);
    expect(parsed.requester_id).not.toBe(48213977);
    // the same number elsewhere is the same id, replaced the same way
    expect(parsed.tokens).toBe(parsed.author_id);
  });

  it('reads person references and the names inside person objects as logins', () => {
    // Slack's users.info and conversations.history shapes
    const doc = JSON.stringify({
      user: { id: 'W012A3CDE', name: 'lioradahan', profile: { display_name: 'liora.d', real_name: 'Liora Dahan' } },
      message: { assignee: 'kvogelsang', requester: 'U024BE7LH', reporter: 'user' },
      tool: { name: 'search_flights' },
    });
    const found = kinds(doc, 'json');
    expect(found).toEqual(
      expect.arrayContaining([
        'username:lioradahan',
        'username:liora.d',
        'username:kvogelsang',
        'account_id:U024BE7LH',
        'account_id:W012A3CDE',
      ]),
    );
    expect(found.join(' ')).not.toContain('search_flights');
    expect(found.join(' ')).not.toMatch(/:user\b/);
  });

  it('reads a device field as a device id only when it holds one', () => {
    const doc = JSON.stringify({ device: 'A1B2C3D4E5F6', model: { device: 'cuda:0' }, run: { device: 'cpu' } });
    expect(surfaces(doc, 'device_id', 'json')).toEqual(['A1B2C3D4E5F6']);
    expect(surfaces('Paired device 8F3A2C1B9E7D yesterday', 'device_id')).toEqual(['8F3A2C1B9E7D']);
  });

  it('reads an account number given in a sentence', () => {
    expect(surfaces('Our account number is 00123456789.', 'bank_account')).toEqual(['00123456789']);
  });

  it('keeps ids that link the trace', () => {
    const doc = JSON.stringify({
      message_id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      span_id: '00f067aa0ba902b7',
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      tool_call_id: 'call_Jd9f8a7s6d5f4g3h',
      request_id: 'req_8mWzQk2NfR1xQp',
    });
    expect(twinText(doc, 'json')).toBe(doc);
  });
});
