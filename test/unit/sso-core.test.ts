import { describe, expect, it } from 'vitest';
import {
  checkReturnTo,
  claimValues,
  mappedRoles,
  newLoginHandle,
  tenantOfHandle,
  SsoRefusalError,
} from '../../shared/domain/sso/index.js';
import { identityFromIdToken, needsUserInfo, withUserInfo } from '../../shared/domain/sso/oidc.js';

const BASE = 'https://custody.example.com';
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof SsoRefusalError ? `${e.code} ${e.reason}` : String(e);
  }
  return 'accepted';
};

describe('return_to', () => {
  it("accepts the service's own origin, a path on it, and an origin the connection allows", () => {
    expect(checkReturnTo(`${BASE}/console?x=1`, BASE, [])).toBe(`${BASE}/console?x=1`);
    expect(checkReturnTo('/console', BASE, [])).toBe(`${BASE}/console`);
    expect(checkReturnTo('https://console.acme.example/cb', BASE, ['https://console.acme.example'])).toBe(
      'https://console.acme.example/cb',
    );
    expect(checkReturnTo(undefined, BASE, [])).toBeNull();
  });

  it.each([
    'https://evil.example/console',
    '//evil.example/console',
    '/\\evil.example',
    'https://custody.example.com.evil.example/',
    'javascript:alert(1)',
    'https://user:pw@custody.example.com/console',
    `${BASE}/console#already`,
    'http://custody.example.com/console',
    'not a url',
  ])('refuses %s (1018)', (target) => {
    expect(reason(() => checkReturnTo(target, BASE, ['https://console.acme.example']))).toMatch(/^1018 /);
  });
});

describe('identity mapping helpers', () => {
  it('reads a claim as a string or an array of strings, ignoring anything else', () => {
    expect(claimValues({ groups: ['a', 1, 'b'] }, 'groups')).toEqual(['a', 'b']);
    expect(claimValues({ groups: 'a' }, 'groups')).toEqual(['a']);
    expect(claimValues({ groups: { a: 1 } }, 'groups')).toEqual([]);
  });

  it('maps claim values to the union of their roles, and grants nothing for unmapped values', () => {
    const c = {
      role_claim: 'roles',
      role_mapping: { approvers: ['role_approver'], admins: ['role_admin', 'role_approver'] },
    };
    expect(mappedRoles(c, { roles: ['admins', 'approvers', 'unknown'] })).toEqual(['role_approver', 'role_admin']);
    expect(mappedRoles(c, { groups: ['admins'] })).toEqual([]);
  });

  it("takes email_verified as providers send it, and Entra ID's xms_edov in its absence", () => {
    expect(identityFromIdToken({ sub: 's', email: 'a@b.example', email_verified: true }).emailVerified).toBe(true);
    expect(identityFromIdToken({ sub: 's', email: 'a@b.example', email_verified: 'true' }).emailVerified).toBe(true);
    expect(
      identityFromIdToken({ sub: 's', email: 'a@b.example', email_verified: false, xms_edov: true }).emailVerified,
    ).toBe(false);
    expect(identityFromIdToken({ sub: 's', email: 'a@b.example', xms_edov: true }).emailVerified).toBe(true);
    expect(identityFromIdToken({ sub: 's', email: 'a@b.example' }).emailVerified).toBe(false);
  });

  it('reads UserInfo when the ID token lacks the e-mail, its verification, or the role claim of a connection that maps roles', () => {
    const plain = { role_claim: 'groups', role_mapping: {} };
    const mapped = { role_claim: 'groups', role_mapping: { admins: ['role_admin'] } };
    expect(needsUserInfo({ sub: 's' }, plain)).toBe(true);
    expect(needsUserInfo({ sub: 's', email: 'a@b.example' }, plain)).toBe(true);
    expect(needsUserInfo({ sub: 's', email: 'a@b.example', email_verified: false }, plain)).toBe(false);
    expect(needsUserInfo({ sub: 's', email: 'a@b.example', xms_edov: true }, plain)).toBe(false);
    expect(needsUserInfo({ sub: 's', email: 'a@b.example', email_verified: true }, mapped)).toBe(true);
    expect(needsUserInfo({ sub: 's', email: 'a@b.example', email_verified: true, groups: [] }, mapped)).toBe(false);
  });

  it('completes the ID token from UserInfo of the same subject only, taking the e-mail and its verification from one source', () => {
    expect(() => withUserInfo({ sub: 's' }, { sub: 't', email: 'a@b.example', email_verified: true })).toThrow(
      expect.objectContaining({ reason: 'userinfo_subject_mismatch', code: 1012 }),
    );
    expect(() => withUserInfo({ sub: 's' }, { email: 'a@b.example' })).toThrow(
      expect.objectContaining({ reason: 'userinfo_subject_mismatch' }),
    );
    expect(
      withUserInfo(
        { sub: 's', name: 'ID' },
        { sub: 's', email: 'a@b.example', email_verified: true, name: 'UI', groups: ['g'] },
      ),
    ).toMatchObject({ sub: 's', name: 'ID', email: 'a@b.example', email_verified: true, groups: ['g'] });
    const mixed = withUserInfo(
      { sub: 's', email: 'id@b.example' },
      { sub: 's', email: 'ui@b.example', email_verified: true },
    );
    expect(identityFromIdToken(mixed)).toMatchObject({ email: 'ui@b.example', emailVerified: true });
    const unverified = withUserInfo({ sub: 's', email: 'id@b.example' }, { sub: 's' });
    expect(identityFromIdToken(unverified)).toMatchObject({ email: undefined, emailVerified: false });
    const kept = withUserInfo(
      { sub: 's', email: 'id@b.example', email_verified: true },
      { sub: 's', email: 'ui@b.example', email_verified: false, groups: ['g'] },
    );
    expect(kept).toMatchObject({ email: 'id@b.example', email_verified: true, groups: ['g'] });
  });
});

describe('login handles', () => {
  it('name their tenant and carry 256 random bits', () => {
    const tenant = '0190f3a2-1111-7222-8333-444455556666';
    const a = newLoginHandle(tenant);
    expect(tenantOfHandle(a)).toBe(tenant);
    expect(a).not.toBe(newLoginHandle(tenant));
    expect(tenantOfHandle('x.y')).toBeUndefined();
  });
});
