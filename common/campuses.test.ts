import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAMPUS_IDS,
  CAMPUSES,
  campusForHost,
  campusUrl,
  findSchools,
  isSchoolEmailDomain,
  mailboxOf,
  SCHOOLS,
} from './campuses';

describe('campus registry', () => {
  it('has the eight campuses with their product names and city labels', () => {
    expect(CAMPUS_IDS).toEqual(['ou', 'ut', 'smu', 'uf', 'ucla', 'stanford', 'duke', 'campus']);
    expect(CAMPUSES.ou.productName).toBe('OU Buy / Sell');
    expect(CAMPUSES.ut.productName).toBe('UT Buy / Sell');
    expect(Object.fromEntries(SCHOOLS.map((c) => [c.id, c.city]))).toEqual({
      ou: 'Norman, Oklahoma',
      ut: 'Austin, Texas',
      smu: 'Dallas, Texas',
      uf: 'Gainesville, Florida',
      ucla: 'Los Angeles, California',
      stanford: 'Stanford, California',
      duke: 'Durham, North Carolina',
    });
    for (const campus of Object.values(CAMPUSES)) expect(campus.privacy).toBe('private');
  });

  it('resolves each campus host and falls back to OU', () => {
    for (const id of CAMPUS_IDS)
      expect(campusForHost(`${id}.localhost:3000`, 'localhost').id).toBe(id);
    expect(campusForHost('UT.LOCALHOST', 'localhost').id).toBe('ut');
    expect(campusForHost('localhost:3000', 'localhost').id).toBe('ou');
    expect(campusForHost('ut.example.com', 'localhost').id).toBe('ou');
    expect(campusForHost('duke.quad.example.com', 'quad.example.com').id).toBe('duke');
    expect(campusForHost(undefined, 'localhost').id).toBe('ou');
  });

  it('sends any host that is not a campus subdomain to OU', () => {
    fc.assert(
      fc.property(fc.domain(), (host) => {
        const campus = campusForHost(host, 'localhost');
        const label = host.toLowerCase().endsWith('.localhost')
          ? host.toLowerCase().slice(0, -10)
          : null;
        expect(campus.id).toBe(
          label && (CAMPUS_IDS as readonly string[]).includes(label) ? label : 'ou',
        );
      }),
    );
  });

  it('builds each campus URL from the public URL', () => {
    expect(campusUrl('http://localhost:3000', 'ut')).toBe('http://ut.localhost:3000');
    expect(campusUrl('https://quad.example.com', 'duke')).toBe('https://duke.quad.example.com');
  });

  it('accepts school e-mail domains and the sub-domains the campus lists only', () => {
    expect(isSchoolEmailDomain(CAMPUSES.ou, 'jane@ou.edu')).toBe(true);
    expect(isSchoolEmailDomain(CAMPUSES.ou, 'jane@alumni.ou.edu')).toBe(true);
    expect(isSchoolEmailDomain(CAMPUSES.ou, 'jane@any.sub.ou.edu')).toBe(false);
    expect(isSchoolEmailDomain(CAMPUSES.ou, 'jane@x.alumni.ou.edu')).toBe(false);
    expect(isSchoolEmailDomain(CAMPUSES.ou, 'jane@notou.edu')).toBe(false);
    expect(isSchoolEmailDomain(CAMPUSES.ut, 'a@utdallas.edu')).toBe(true);
    expect(isSchoolEmailDomain(CAMPUSES.ut, 'a@uth.edu')).toBe(true);
    expect(isSchoolEmailDomain(CAMPUSES.duke, 'jane.doe@duke.edu')).toBe(true);
    expect(isSchoolEmailDomain(CAMPUSES.campus, 'a@ou.edu')).toBe(false);
  });

  it('reads an address as its mailbox: case, a +tag and a school sub-domain folded', () => {
    expect(mailboxOf('Jane@OU.edu')).toBe('jane@ou.edu');
    expect(mailboxOf('jane+2@ou.edu')).toBe('jane@ou.edu');
    expect(mailboxOf(' jane+a+b@alumni.ou.edu ')).toBe('jane@ou.edu');
    expect(mailboxOf('jane@any.sub.ou.edu')).toBe('jane@ou.edu');
    expect(mailboxOf('jane@notou.edu')).toBe('jane@notou.edu');
    expect(mailboxOf('jane.doe+ads@Gmail.com')).toBe('jane.doe@gmail.com');
    expect(mailboxOf('+only@ou.edu')).toBe('+only@ou.edu');
  });

  it('finds schools by name, school name or city', () => {
    expect(findSchools('').map((c) => c.id)).toEqual([
      'ou',
      'ut',
      'smu',
      'uf',
      'ucla',
      'stanford',
      'duke',
    ]);
    expect(findSchools('texas').map((c) => c.id)).toEqual(['ut', 'smu']);
    expect(findSchools('Oklahoma').map((c) => c.id)).toEqual(['ou']);
    expect(findSchools('zzz')).toEqual([]);
  });
});
