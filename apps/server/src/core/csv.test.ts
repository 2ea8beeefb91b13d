import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';

describe('csvField', () => {
  it('leaves a plain value as it is', () => expect(csvField('Asha Rao')).toBe('Asha Rao'));
  it('quotes a value with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
  it('takes a would-be formula literally', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    for (const c of ['+', '-', '@']) expect(csvField(`${c}1`)).toBe(`'${c}1`);
  });
});
