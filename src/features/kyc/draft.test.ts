import { describe, expect, it } from 'vitest';
import type { KycPart } from '../../../contract/kyc/schemas.ts';
import {
  identificationOf,
  partsToSend,
  personalOf,
  personalProblems,
  photosToTake,
  stepsFor,
  type PersonalDraft,
} from './draft.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const ada: PersonalDraft = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  sex: 'female',
  birthdate: '1990-12-10',
  country: 'GB',
  address: '12 St James Square, London',
  area: 'GB:+44',
  phone: '7700 900123',
};
const id = (c: string) => c.repeat(32);
const previous = {
  docType: 'id_card' as const,
  files: { front: id('a'), back: id('b'), selfie: id('c'), signature: id('d') },
};

describe('the identity form', () => {
  it('finds nothing wrong with complete data, and sends it trimmed with the dial code', () => {
    expect(personalProblems(ada, NOW)).toEqual({});
    expect(personalOf(ada)).toMatchObject({
      firstName: 'Ada',
      areaCode: '+44',
      phone: '7700900123',
    });
  });

  it('names every wrong field at once', () => {
    const problems = personalProblems(
      { ...ada, firstName: '', sex: '', birthdate: '2010-02-30', country: '', phone: '12' },
      NOW,
    );
    expect(problems).toEqual({
      firstName: { key: 'firstNameMissing' },
      sex: { key: 'sexMissing' },
      birthdate: { key: 'birthdateInvalid' },
      country: { key: 'countryMissing' },
      phone: { key: 'phoneInvalid' },
    });
  });

  it('refuses a person under 18, counting years as the server does', () => {
    expect(personalProblems({ ...ada, birthdate: '2008-12-01' }, NOW).birthdate).toEqual({
      key: 'tooYoung',
      values: { min: 18 },
    });
    expect(personalProblems({ ...ada, birthdate: '2008-11-01' }, NOW).birthdate).toBeUndefined();
  });

  it('asks everything the first time, only the rejected parts after a rejection', () => {
    expect(stepsFor(null)).toEqual(['personal', 'document', 'photos', 'signature', 'review']);
    expect(stepsFor(new Set<KycPart>(['selfie']))).toEqual(['photos', 'review']);
    expect(stepsFor(new Set<KycPart>(['data', 'signature']))).toEqual([
      'personal',
      'signature',
      'review',
    ]);
    expect(stepsFor(new Set<KycPart>(['front']))).toEqual(['document', 'photos', 'review']);
  });

  it('retakes only the rejected photos, or all of them for another document', () => {
    const selfie = new Set<KycPart>(['selfie']);
    expect(photosToTake('id_card', null, null)).toEqual(['front', 'back', 'selfie']);
    expect(photosToTake('passport', null, null)).toEqual(['front', 'selfie']);
    expect(photosToTake('id_card', previous, selfie)).toEqual(['selfie']);
    expect(photosToTake('passport', previous, new Set<KycPart>(['front']))).toEqual([
      'front',
      'selfie',
    ]);
  });

  it('resubmits the accepted ids with the new upload', () => {
    const body = identificationOf({
      key: 'k'.repeat(32),
      personal: personalOf(ada),
      docType: 'id_card',
      uploaded: { selfie: id('e') },
      previous,
    });
    expect(body?.files).toEqual({
      front: id('a'),
      back: id('b'),
      selfie: id('e'),
      signature: id('d'),
    });
  });

  it('sends no back for a passport, and nothing while an image is missing', () => {
    const personal = personalOf(ada);
    const passport = identificationOf({
      key: 'k'.repeat(32),
      personal,
      docType: 'passport',
      uploaded: { front: id('1'), selfie: id('2'), signature: id('3') },
      previous: null,
    });
    expect(passport?.files).toEqual({ front: id('1'), selfie: id('2'), signature: id('3') });
    const missing = identificationOf({
      key: 'k'.repeat(32),
      personal,
      docType: 'driver_licence',
      uploaded: { front: id('1'), selfie: id('2'), signature: id('3') },
      previous: null,
    });
    expect(missing).toBeNull();
  });
});

describe('a resubmission', () => {
  it('asks again for an accepted image deleted past the retention period', () => {
    const parts = partsToSend({
      status: 'rejected',
      submission: {
        id: 1,
        submittedAt: '2026-11-01T00:00:00Z',
        decidedAt: '2026-11-02T00:00:00Z',
        personal: personalOf(ada),
        docType: 'passport',
        files: { front: null, back: null, selfie: id('c'), signature: id('d') },
        rejected: [{ part: 'selfie', reasonCode: 'face_not_visible' }],
        note: null,
      },
      reviewBy: null,
      expectedWait: null,
      limits: { loanMax: null, withdrawDailyMax: null },
      views: [],
    });
    // A passport's back is not missing: it never had one.
    expect([...(parts ?? [])].sort()).toEqual(['front', 'selfie']);
  });
});
