import {
  imagesFor,
  KYC_LIMITS,
  kycPersonal,
  type DOC_TYPES,
  type IdentificationBody,
  type KycImage,
  type KycPart,
  type KycPersonal,
  type KycState,
  type SEXES,
} from '../../../contract/kyc/schemas.ts';
import { areaValueOf, dialOf } from '../../lib/area-codes.ts';

/**
 * The identity form's pure logic: which steps and images a submission asks for (all of them
 * the first time, only the rejected parts on a resubmission), the personal data's problems
 * named field by field, and the body sent to `identification`.
 */

export type DocType = (typeof DOC_TYPES)[number];
export type Sex = (typeof SEXES)[number];
export type Step = 'personal' | 'document' | 'photos' | 'signature' | 'review';
/** The photos taken of the document (the signature is drawn, in a step of its own). */
export type Photo = Exclude<KycImage, 'signature'>;
export type Submission = NonNullable<KycState['submission']>;

/** What the form holds while typed: strings as the inputs give them. */
export interface PersonalDraft {
  firstName: string;
  lastName: string;
  sex: Sex | '';
  birthdate: string;
  country: string;
  address: string;
  /** The area code picker's value, `ISO:+dial`. */
  area: string;
  phone: string;
}
export type PersonalField = Exclude<keyof PersonalDraft, 'area'>;

/** A problem's message key (kyc:problem.*) and the figures it names. */
export interface Problem {
  key: string;
  values?: Record<string, number>;
}

const HOUR_MS = 3_600_000;
/** The server counts years the same way (server/src/kyc), so both agree at the edges. */
const YEAR_MS = 365.25 * 24 * HOUR_MS;

export function emptyPersonal(area: string): PersonalDraft {
  return {
    firstName: '',
    lastName: '',
    sex: '',
    birthdate: '',
    country: '',
    address: '',
    area,
    phone: '',
  };
}

/** A submission's data back in the form, for the person to correct what staff rejected. */
export function personalDraftOf(p: KycPersonal): PersonalDraft {
  return { ...p, area: areaValueOf(p.areaCode, p.country) };
}

export function personalOf(d: PersonalDraft): KycPersonal {
  return {
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    sex: d.sex === '' ? 'male' : d.sex,
    birthdate: d.birthdate,
    country: d.country,
    address: d.address.trim(),
    areaCode: dialOf(d.area),
    phone: d.phone.replace(/[\s-]/g, ''),
  };
}

function nameProblem(value: string, missing: string): Problem | undefined {
  const v = value.trim();
  if (v === '') return { key: missing };
  if (v.length > KYC_LIMITS.nameMax) return { key: 'tooLong', values: { max: KYC_LIMITS.nameMax } };
  return undefined;
}

function birthdateProblem(value: string, now: number): Problem | undefined {
  if (value === '') return { key: 'birthdateMissing' };
  const at = Date.parse(`${value}T00:00:00Z`);
  const real =
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(at) &&
    new Date(at).toISOString().slice(0, 10) === value;
  if (!real) return { key: 'birthdateInvalid' };
  const years = (now - at) / YEAR_MS;
  if (years < KYC_LIMITS.ageMin) return { key: 'tooYoung', values: { min: KYC_LIMITS.ageMin } };
  if (years > KYC_LIMITS.ageMax) return { key: 'birthdateInvalid' };
  return undefined;
}

function addressProblem(value: string): Problem | undefined {
  const v = value.trim();
  if (v.length < 5) return { key: 'addressShort' };
  if (v.length > KYC_LIMITS.addressMax) {
    return { key: 'tooLong', values: { max: KYC_LIMITS.addressMax } };
  }
  return undefined;
}

/**
 * Every field that is wrong, each with what is wrong, so the person can fix them all at once
 * (the server's answer would name only the first, as 10025).
 */
export function personalProblems(
  d: PersonalDraft,
  now: number,
): Partial<Record<PersonalField, Problem>> {
  const p = personalOf(d);
  const all: [PersonalField, Problem | undefined][] = [
    ['firstName', nameProblem(d.firstName, 'firstNameMissing')],
    ['lastName', nameProblem(d.lastName, 'lastNameMissing')],
    ['sex', d.sex === '' ? { key: 'sexMissing' } : undefined],
    ['birthdate', birthdateProblem(d.birthdate, now)],
    [
      'country',
      kycPersonal.shape.country.safeParse(d.country).success
        ? undefined
        : { key: 'countryMissing' },
    ],
    ['address', addressProblem(d.address)],
    [
      'phone',
      kycPersonal.shape.phone.safeParse(p.phone).success &&
      kycPersonal.shape.areaCode.safeParse(p.areaCode).success
        ? undefined
        : { key: p.phone === '' ? 'phoneMissing' : 'phoneInvalid' },
    ],
  ];
  return Object.fromEntries(all.filter(([, problem]) => problem !== undefined));
}

/**
 * The parts a resubmission sends anew: those staff rejected, and any accepted image deleted
 * since (past the retention period); null for a first submission (everything is asked).
 */
export function partsToSend(state: KycState): ReadonlySet<KycPart> | null {
  const submission = state.submission;
  if (state.status !== 'rejected' || submission === null) return null;
  const parts = new Set<KycPart>(submission.rejected.map((r) => r.part));
  for (const image of imagesFor(submission.docType)) {
    if (submission.files[image] === null) parts.add(image);
  }
  return parts;
}

/**
 * The steps a submission walks through. A resubmission asks only for the parts to send again; the
 * document's type is asked again only when its front is (another document may then
 * be sent).
 */
export function stepsFor(asked: ReadonlySet<KycPart> | null): Step[] {
  if (asked === null) return ['personal', 'document', 'photos', 'signature', 'review'];
  const steps: Step[] = [];
  if (asked.has('data')) steps.push('personal');
  if (asked.has('front')) steps.push('document');
  if (asked.has('front') || asked.has('back') || asked.has('selfie')) {
    steps.push('photos');
  }
  if (asked.has('signature')) steps.push('signature');
  steps.push('review');
  return steps;
}

/**
 * The photos to take for `docType`. On a resubmission, those to send again; all of them when the
 * person changed the document (its back, and the photo holding it, show the old one).
 */
export function photosToTake(
  docType: DocType,
  previous: Pick<Submission, 'docType'> | null,
  asked: ReadonlySet<KycPart> | null,
): Photo[] {
  const photos = imagesFor(docType).filter((i): i is Photo => i !== 'signature');
  if (previous === null || asked === null || previous.docType !== docType) return photos;
  return photos.filter((p) => asked.has(p));
}

export function signatureToDraw(asked: ReadonlySet<KycPart> | null): boolean {
  return asked === null || asked.has('signature');
}

/**
 * The `identification` body: the new uploads, and on a resubmission the accepted parts' ids
 * from the previous submission (a passport has no back). Null while an image is missing.
 */
export function identificationOf(input: {
  key: string;
  personal: KycPersonal;
  docType: DocType;
  uploaded: Partial<Record<KycImage, string>>;
  previous: Pick<Submission, 'files' | 'docType'> | null;
}): IdentificationBody | null {
  const { docType, uploaded, previous } = input;
  const kept = previous !== null && previous.docType === docType ? previous.files : null;
  const pick = (image: KycImage) =>
    uploaded[image] ??
    (image === 'signature' ? previous?.files.signature : kept?.[image]) ??
    undefined;
  const needed = imagesFor(docType);
  const front = pick('front');
  const selfie = pick('selfie');
  const signature = pick('signature');
  const back = needed.includes('back') ? pick('back') : undefined;
  if (front === undefined || selfie === undefined || signature === undefined) return null;
  if (needed.includes('back') && back === undefined) return null;
  return {
    key: input.key,
    personal: input.personal,
    docType,
    files: { front, selfie, signature, ...(back === undefined ? {} : { back }) },
  };
}
