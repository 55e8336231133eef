import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '../messages';
import {
  emailField,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from './auth';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('one message per cause', () => {
  it('an empty e-mail is only "Email is required."', () => {
    for (const email of ['', '   ']) {
      expect(messages(emailField.safeParse(email))).toEqual([M.emailRequired]);
      expect(messages(forgotPasswordBodySchema.safeParse({ email }))).toEqual([M.emailRequired]);
    }
  });

  it('a malformed e-mail is only "Invalid email address!"', () => {
    expect(messages(emailField.safeParse('jamie@example'))).toEqual([M.emailInvalid]);
    expect(messages(emailField.safeParse(`${'a'.repeat(250)}@x.com`))).toEqual([M.invalidEmail]);
  });

  it('an empty password is only "Password is required."', () => {
    expect(messages(loginBodySchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual([
      M.passwordRequired,
    ]);
    const register = { name: 'Jane Doe', email: 'a@b.co', password: '', terms: true };
    expect(messages(registerBodySchema.safeParse(register))).toEqual([M.passwordRequired]);
    const reset = { token: 'a'.repeat(20), password: '' };
    expect(messages(resetPasswordBodySchema.safeParse(reset))).toEqual([M.passwordRequired]);
  });

  it('an empty login form has one message per field', () => {
    expect(messages(loginBodySchema.safeParse({ email: '', password: '' }))).toEqual([
      M.emailRequired,
      M.passwordRequired,
    ]);
  });
});

describe('new passwords', () => {
  const register = (password: string) =>
    registerBodySchema.safeParse({ name: 'Jane Doe', email: 'a@b.co', password, terms: true });

  it('a common password of 8 or more characters is refused as too common, not too short', () => {
    for (const password of ['password1', 'Password1', 'PASSWORD123', 'qwertyuiop']) {
      expect(messages(register(password)), password).toEqual([M.passwordTooCommon]);
      const reset = { token: 'a'.repeat(20), password };
      expect(messages(resetPasswordBodySchema.safeParse(reset)), password).toEqual([
        M.passwordTooCommon,
      ]);
    }
  });

  it('a short password is only too short', () => {
    expect(messages(register('sofa-12'))).toEqual([M.passwordTooShort]);
  });

  it('takes an uncommon password of 8 characters', () => {
    expect(register('sofa-123').success).toBe(true);
  });

  it('signing in takes any password: the list only applies to new ones', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: 'password1' }).success).toBe(
      true,
    );
  });
});
