/** Indian street lines led by `#` (`# 239, 10th Cross`); `#` before an issue's number or a colour stays. */
import { twinText } from './accounts-helpers';

describe('street lines led by #', () => {
  it.each([
    ['Deliver to # 418, 6th Cross, Koramangala today', '# 418, 6th Cross'],
    ['#77, 2nd Main Road, Jayanagar', '#77, 2nd Main'],
  ])('%s', (text, line) => {
    expect(twinText(text)).not.toContain(line);
  });

  it.each(['see #42 Fix Main Layout', '# 3rd party notes\ncolor: #fff', 'PR #318, 2nd try at the Main fix'])(
    'keeps %s',
    (text) => {
      expect(twinText(text)).toBe(text);
    },
  );
});
