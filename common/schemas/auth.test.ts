import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '../messages';
import { usernameBodySchema } from './account';
import {
  emailField,
  forgotPasswordBodySchema,
  loginBodySchema,
  magicLinkBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from './auth';
import { TEXT_MESSAGES } from './fields';
import { updateProfileBodySchema } from './profiles';

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

describe('names drawn in another direction', () => {
  const controls = [
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
  ];

  it('are refused in every name a student chooses, with one message', () => {
    for (const c of controls) {
      const name = `Ja${c}ne`;
      const results = [
        registerBodySchema.safeParse({
          name: `${name} Doe`,
          email: 'a@b.co',
          password: 'x',
          terms: true,
        }),
        magicLinkBodySchema.safeParse({ email: 'a@b.co', first: name, last: 'Doe' }),
        magicLinkBodySchema.safeParse({ email: 'a@b.co', first: 'Jane', last: name }),
        updateProfileBodySchema.safeParse({ firstName: name }),
        updateProfileBodySchema.safeParse({ lastName: name }),
        usernameBodySchema.safeParse({ username: `jane${c}doe` }),
      ];
      for (const result of results)
        expect(messages(result), JSON.stringify(c)).toContain(TEXT_MESSAGES.directionControls);
    }
  });

  it('leave names in right-to-left scripts alone', () => {
    expect(updateProfileBodySchema.safeParse({ firstName: 'مريم', lastName: 'כהן' }).success).toBe(
      true,
    );
  });
});
