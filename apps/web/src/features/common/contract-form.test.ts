import { ZInviteUserRequest, ZSaveBranchRequest } from '@app/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { contractErrors, showServerErrors } from './contract-form.ts';

// A stand-in for i18next's `t`: the key and its values, so a test can see which text was chosen.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('contractErrors', () => {
  it('puts each refused field under its input, in the form’s own words', () => {
    const errors = contractErrors(
      ZInviteUserRequest,
      { firstName: '  ', lastName: '', role: 'EMPLOYEE' },
      {
        email: (issue) => (issue.code === 'custom' ? 'contactRequired' : undefined),
        firstName: 'firstNameRequired',
      },
      t,
    );
    expect(errors).toEqual({ firstName: 'firstNameRequired', email: 'contactRequired' });
  });

  it('falls back to a translated text for the issue’s kind, never the contract’s English message', () => {
    const errors = contractErrors(
      ZInviteUserRequest,
      { email: 'not an address', firstName: 'A'.repeat(101), lastName: '', role: 'EMPLOYEE' },
      { email: (issue) => (issue.code === 'custom' ? 'contactRequired' : undefined) },
      t,
    );
    expect(errors).toEqual({ email: 'forms.errors.invalid', firstName: 'forms.errors.tooLong {"max":100}' });
  });

  it('says a required field is missing', () => {
    expect(contractErrors(ZSaveBranchRequest, { backgroundColor: '1F6FEB' }, {}, t)).toMatchObject({
      branchName: 'forms.errors.required',
    });
  });

  it('finds nothing wrong with a valid request', () => {
    expect(contractErrors(ZInviteUserRequest, { email: 'a@example.com', firstName: 'Asha' }, {}, t)).toEqual({});
  });
});

describe('showServerErrors', () => {
  const collect = () => {
    const shown: Record<string, string> = {};
    return { shown, form: { setFieldError: (path: string, error: string) => (shown[path] = error) } };
  };

  it('shows a refused request’s field problems under the inputs the form has', () => {
    const { shown, form } = collect();
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the fields',
      details: [
        { path: 'body.email', message: 'That address is taken' },
        { path: 'body.gender', message: 'Not a field of this form' },
      ],
    });
    expect(showServerErrors(form, error, ['email', 'firstName'])).toBe(true);
    expect(shown).toEqual({ email: 'That address is taken' });
  });

  it('leaves an error without field problems to the page’s alert', () => {
    const { shown, form } = collect();
    const conflict = new ApiError({ status: 409, code: 'CONFLICT', message: 'Already invited' });
    expect(showServerErrors(form, conflict, ['email'])).toBe(false);
    expect(showServerErrors(form, new Error('offline'), ['email'])).toBe(false);
    expect(shown).toEqual({});
  });
});
