/** The bench's alignment of a twin with its original (bench/checks.ts `align`, `mapOffset`). */
import { align, mapOffset } from '../../bench/checks';

/** The twin's text where the original's [s, e) stood. */
function mapped(original: string, twin: string, allowed: [number, number][], s: number, e: number): string {
  const al = align(original, twin, allowed);
  expect(al.failure).toBeNull();
  const a = mapOffset(al, s)!;
  const b = mapOffset(al, e)!;
  return twin.slice(a, b);
}

describe('align', () => {
  const original = 'id1\tGabrielle\tTremblay\tg.tr@seznam.cz\tMontreal';
  const name: [number, number] = [4, 22];
  const email: [number, number] = [23, 37];

  it('reads a value after a replaced value that holds the separator from the right place', () => {
    const twin = 'id1\tSalma\tLucas\tu.zak@mail.com\tMontreal';
    expect(original.slice(...email)).toBe('g.tr@seznam.cz');
    expect(mapped(original, twin, [name, email], ...email)).toBe('u.zak@mail.com');
    expect(mapped(original, twin, [name, email], ...name)).toBe('Salma\tLucas');
  });

  it('falls back to the first occurrence when the stand-in dropped the separator', () => {
    const twin = 'id1\tSalma Lucas\tu.zak@mail.com\tMontreal';
    expect(mapped(original, twin, [name, email], ...email)).toBe('u.zak@mail.com');
  });
});
