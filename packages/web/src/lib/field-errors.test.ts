import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorKey, serverFieldErrors } from './field-errors';

const err = (path: string[], code?: string, message = 'whatever the server wrote') => ({
  path,
  code,
  message,
  name: 'ValidationError',
});

describe('server field errors as catalog keys', () => {
  it('maps the password rules by their code, not by the English message', () => {
    expect(fieldErrorKey(err(['password'], 'password_common'))).toBe('validation.passwordCommon');
    expect(fieldErrorKey(err(['password'], 'password_personal'))).toBe('validation.passwordPersonal');
    // A reworded or translated server message still gives the same text.
    expect(fieldErrorKey(err(['password'], 'password_common', 'Zu häufig'))).toBe(
      'validation.passwordCommon',
    );
    expect(fieldErrorKey(err(['password'], 'too_small'))).toBe('validation.passwordMin');
    expect(fieldErrorKey(err(['password'], 'too_big'))).toBe('validation.passwordMax');
  });

  it('maps the other fields of registration and confirmation', () => {
    expect(fieldErrorKey(err(['email'], 'email_taken'))).toBe('auth.signup.emailTaken');
    expect(fieldErrorKey(err(['email'], 'invalid_format'))).toBe('validation.email');
    expect(fieldErrorKey(err(['username'], 'too_small'))).toBe('validation.required');
    expect(fieldErrorKey(err(['confirmation'], 'confirmation_expired'))).toBe('auth.confirm.invalid');
    expect(fieldErrorKey(err(['confirmation'], 'confirmation_used'))).toBe('auth.confirm.used');
  });

  it('never shows an English message it has no code for', () => {
    expect(fieldErrorKey(err(['email'], undefined, 'Email or Username are already taken'))).toBe(
      'validation.invalid',
    );
    expect(fieldErrorKey(err(['data', 'name'], 'something_new'))).toBe('validation.invalid');
  });

  it('names the form fields of a 400 only', () => {
    const fields = { username: 'fullName', email: 'email', password: 'password' } as const;
    const bad = new ApiError(400, 'ValidationError', 'x', [
      err(['password'], 'password_common'),
      err(['email'], 'email_taken'),
      err(['unknown'], 'custom'),
    ]);
    expect(serverFieldErrors(bad, fields)).toEqual([
      { field: 'password', key: 'validation.passwordCommon' },
      { field: 'email', key: 'auth.signup.emailTaken' },
    ]);
    expect(serverFieldErrors(new ApiError(429, 'RateLimitError', 'x'), fields)).toEqual([]);
    expect(serverFieldErrors(new Error('boom'), fields)).toEqual([]);
  });
});
