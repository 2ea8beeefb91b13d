import { describe, expect, it } from 'vitest';
import { columnLetter, guessMapping } from './column-guess.ts';

describe('guessMapping', () => {
  it('maps common header names to fields, each column once', () => {
    expect(
      guessMapping([
        'E-mail Address',
        'First Name',
        'Surname',
        'Mobile',
        'Business Unit',
        'Dept',
        'Role',
        'DOJ',
        'Notes',
      ]),
    ).toEqual({
      email: 1,
      firstName: 2,
      lastName: 3,
      phoneNumber: 4,
      branch: 5,
      department: 6,
      role: 7,
      dateOfJoining: 8,
    });
  });

  it('prefers an exact name over a header that merely contains one', () => {
    expect(guessMapping(['Manager email', 'Email', 'Name'])).toEqual({ email: 2, firstName: 3 });
  });

  it('maps nothing from unknown headers', () => {
    expect(guessMapping(['Foo', '', 'Bar'])).toEqual({});
  });
});

describe('columnLetter', () => {
  it.each([
    [1, 'A'],
    [26, 'Z'],
    [27, 'AA'],
    [52, 'AZ'],
    [703, 'AAA'],
  ])('%i → %s', (n, letter) => {
    expect(columnLetter(n)).toBe(letter);
  });
});
