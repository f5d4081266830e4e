/**
 * A first name alone is replaced when the words before it introduce a person:
 * "this is Rahul", "my name is …", "I'm …", "I am …". What follows such words
 * and is no name stays.
 */
import { twinText } from './accounts-helpers';

describe('people introducing themselves', () => {
  it.each([
    ['Hi Priya, this is Rahul from support.', 'Rahul'],
    ['My name is Oluwaseun and I need help.', 'Oluwaseun'],
    ["I'm Grace, the new PM.", 'Grace'],
    ['Hi, I am Jiho.', 'Jiho'],
  ])('%s', (text, name) => {
    expect(twinText(text)).not.toContain(name);
  });

  it.each(['This is Python 3.12.', 'I am Python 3.12 ready? No: this is Kubernetes.'])('keeps %s', (text) => {
    expect(twinText(text)).toBe(text);
  });
});
