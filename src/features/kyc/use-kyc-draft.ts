import { useMemo, useState } from 'react';
import {
  imagesFor,
  type IdentificationBody,
  type KycImage,
  type KycState,
} from '../../../contract/kyc/schemas.ts';
import { areaValueOf, DEFAULT_REGION, defaultAreaValue } from '../../lib/area-codes.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import {
  emptyPersonal,
  identificationOf,
  personalDraftOf,
  personalOf,
  personalProblems,
  photosToTake,
  partsToSend,
  signatureToDraw,
  stepsFor,
  type DocType,
  type PersonalDraft,
  type Photo,
  type Problem,
  type Step,
  type Submission,
} from './draft.ts';
import type { ReviewImage } from './ReviewStep.tsx';
import { useUploads, type UploadState } from './uploads.ts';

/** The form's first data: the rejected submission's, else the phone the person signed up with. */
function initialPersonal(previous: Submission | null): PersonalDraft {
  if (previous !== null) return personalDraftOf(previous.personal);
  const language = preferences.get().language;
  const draft = emptyPersonal(defaultAreaValue(language));
  const user = sessionStore.get().userInfo;
  if (user?.areaCode == null || user.phone == null) return draft;
  const area = areaValueOf(user.areaCode, DEFAULT_REGION[language]);
  return area === '' ? draft : { ...draft, area, phone: user.phone };
}

/** What is wrong on each step, by field or image; an empty record lets the person go on. */
export type StepProblems = Record<Step, Record<string, Problem>>;

function uploadProblem(state: UploadState, missing: string): Problem | undefined {
  if (state.phase === 'done') return undefined;
  return { key: state.phase === 'uploading' ? 'uploading' : missing };
}

/**
 * The identity form's state: the personal data, the document's type, the uploads, and what
 * each step still lacks. A resubmission (status rejected) starts from the rejected submission
 * and asks only for the parts to send again.
 */
export function useKycDraft(state: KycState) {
  const previous = state.status === 'rejected' ? state.submission : null;
  const asked = useMemo(() => partsToSend(state), [state]);
  const [personal, setPersonal] = useState(() => initialPersonal(previous));
  const [docType, setDocType] = useState<DocType | ''>(previous?.docType ?? '');
  // Ages are counted from the day the form opened.
  const [today] = useState(() => Date.now());
  const photos = useUploads<Photo>();
  const signature = useUploads<'signature'>();
  const type: DocType = docType === '' ? 'id_card' : docType;
  const all = imagesFor(type).filter((i): i is Photo => i !== 'signature');
  const toTake = photosToTake(type, previous, asked);
  const sendsData = asked === null || asked.has('data');
  const drawsSignature = signatureToDraw(asked);

  const photoProblems: Record<string, Problem> = {};
  for (const photo of toTake) {
    const problem = uploadProblem(photos.stateOf(photo), 'photoMissing');
    if (problem !== undefined) photoProblems[photo] = problem;
  }
  const signatureProblem = drawsSignature
    ? uploadProblem(signature.stateOf('signature'), 'signatureMissing')
    : undefined;
  const problems: StepProblems = {
    personal: sendsData ? personalProblems(personal, today) : {},
    document: docType === '' ? { docType: { key: 'docTypeMissing' } } : {},
    photos: photoProblems,
    signature: signatureProblem === undefined ? {} : { signature: signatureProblem },
    review: {},
  };

  const personalBody = sendsData || previous === null ? personalOf(personal) : previous.personal;
  const uploaded: Partial<Record<KycImage, string>> = {};
  const images: Partial<Record<KycImage, ReviewImage>> = {};
  for (const image of imagesFor(type)) {
    const taken = image === 'signature' ? drawsSignature : toTake.includes(image);
    const upload = image === 'signature' ? signature.stateOf('signature') : photos.stateOf(image);
    if (taken && upload.phase === 'done') uploaded[image] = upload.fileId;
    images[image] = {
      kept: !taken,
      preview: taken && upload.phase !== 'empty' ? upload.preview : null,
    };
  }
  const build = (key: string): IdentificationBody | null =>
    identificationOf({ key, personal: personalBody, docType: type, uploaded, previous });

  return {
    steps: stepsFor(asked),
    problems,
    personal: { draft: personal, set: setPersonal, body: personalBody },
    doc: { value: docType, type, set: setDocType },
    photos: { all, toTake, uploads: photos },
    signature,
    images,
    build,
  };
}
export type KycDraft = ReturnType<typeof useKycDraft>;
