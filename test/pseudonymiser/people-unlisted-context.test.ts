/**
 * Names no list knows, found by what is around them: a verb that says person after two words written as a name
 * (`Oranvel Tessimur asked …`), an e-mail address whose local part spells the name (`oranvel.tessimur@…`), a dash
 * that signs a message (`— Maeve`). What only looks like them stays.
 */
import { twinText } from './accounts-helpers';

describe('unlisted names by their context', () => {
  it.each([
    ['09:41:07 Oranvel Tessimur asked for a refund on order 5512.', ['Oranvel', 'Tessimur']],
    ['[ok] Quibrenna Dostavik replied that the parcel arrived.', ['Quibrenna', 'Dostavik']],
  ])('a verb after the name: %s', (text, parts) => {
    const twin = twinText(text);
    for (const p of parts) expect(twin).not.toContain(p);
  });

  it('a name that an e-mail local part spells, written alone elsewhere', () => {
    const text =
      'user_email=zorvath.imbelune@kestrelworks.de updated\nThe staging box is up, ping Zorvath for access.\n';
    const twin = twinText(text);
    expect(twin).not.toContain('Zorvath');
    expect(twin).not.toMatch(/zorvath/i);
  });

  it('a list or role mailbox spells no one', () => {
    const text = 'Sent to deploy.admin@kestrelworks.de and smu-betas@kestrelworks.de; Deploy Admin runs at noon.\n';
    expect(twinText(text)).toContain('Deploy Admin runs');
  });

  it.each([
    ['{"body": "I re-ran the import, all rows are in. — Maeve"}', 'Maeve'],
    ['Patched the config and restarted the pod.\n-- Priyanka\n', 'Priyanka'],
    ['Looks good to me – Tobiah', 'Tobiah'],
  ])('a signature: %s', (text, name) => {
    expect(twinText(text)).not.toContain(name);
  });

  it.each([
    'The release — Monday at the latest — is on track.',
    'Three options — Alpha, Beta and Gamma\n',
    'Kubernetes Operator reported 3 pods ready.',
  ])('keeps %s', (text) => {
    expect(twinText(text)).toBe(text);
  });
});
