import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../contract/errors.ts';
import {
  identificationBody,
  kycFieldCodes,
  type IdentificationBody,
  type KycState,
} from '../../../contract/kyc/schemas.ts';
import { ApiError, call } from '../../api/client.ts';
import { lazyPart } from '../../lib/lazy.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { DocumentStep, PersonalStep, type ProblemText } from './DataSteps.tsx';
import type { Photo, Step } from './draft.ts';
import { PhotosStep } from './PhotoStep.tsx';
import { KYC } from './queries.ts';
import { ReviewStep } from './ReviewStep.tsx';
import { useKycDraft, type KycDraft } from './use-kyc-draft.ts';

/** signature_pad travels in this step's chunk alone, fetched when the step opens. */
const SignatureStep = lazyPart(() => import('./SignatureStep.tsx'));

const CHECK_KEY = 'k'.repeat(32);

/** Sends the submission under a request key made once per form, so a retry acts once. */
function useSubmitKyc() {
  const queryClient = useQueryClient();
  const form = useFormError();
  const requestKey = useRequestKey();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [KYC] });

  async function send(build: (key: string) => IdentificationBody | null): Promise<void> {
    form.clear();
    // Checked under a stand-in key: the form's key is taken only for a body that is sent, so
    // a refused check followed by a corrected body never reuses it for another body (10134).
    const draft = build(CHECK_KEY);
    if (draft === null) return form.failCode(Code.verificationIncomplete);
    if (form.check(identificationBody, draft, kycFieldCodes) === null) return;
    const body = { ...draft, key: requestKey.next() };
    await form.submit(async () => {
      try {
        await call('identification', { body });
        requestKey.settle();
      } catch (err) {
        requestKey.settle(err);
        // Submitted or decided meanwhile (another tab): the page then shows where it stands.
        const moved = err instanceof ApiError && err.code === Code.verificationPending;
        if (moved) void refresh();
        throw err;
      }
      await refresh();
    });
  }
  return { form, send };
}

/** Where the person is among the steps; a phone shows the current step's name only. */
function Stepper({ steps, at }: { steps: readonly Step[]; at: number }) {
  const { t } = useTranslation('kyc');
  return (
    <ol className="kyc-steps" aria-label={t('steps.label')}>
      {steps.map((s, i) => (
        <li
          key={s}
          className="kyc-step"
          data-done={i < at ? 'yes' : 'no'}
          aria-current={i === at ? 'step' : undefined}
        >
          <span className="kyc-step-number num">{i + 1}</span>
          <span className="kyc-step-name">{t(`steps.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The current step's fields; its problems are shown once the person tried to go on. */
function StepBody({ step, d, shown }: { step: Step; d: KycDraft; shown: boolean }) {
  const { t } = useTranslation('kyc');
  const text: ProblemText = (p) => (p === undefined ? undefined : t(`problem.${p.key}`, p.values));
  const problems = shown ? d.problems[step] : {};
  switch (step) {
    case 'personal':
      return (
        <PersonalStep
          draft={d.personal.draft}
          onChange={d.personal.set}
          problems={problems}
          text={text}
        />
      );
    case 'document':
      return (
        <DocumentStep value={d.doc.value} onChange={d.doc.set} problem={text(problems.docType)} />
      );
    case 'photos':
      return (
        <PhotosStep
          all={d.photos.all}
          toTake={d.photos.toTake}
          stateOf={d.photos.uploads.stateOf}
          problems={
            Object.fromEntries(
              Object.entries(problems).map(([photo, p]) => [photo, text(p)]),
            ) as Partial<Record<Photo, string>>
          }
          onChoose={(photo, file) => void d.photos.uploads.start(photo, file, 'uploadKycImage')}
        />
      );
    case 'signature':
      return (
        <Suspense fallback={<Spinner />}>
          <SignatureStep
            state={d.signature.stateOf('signature')}
            problem={text(problems.signature)}
            onSave={(png) => void d.signature.start('signature', png, 'uploadKycSignature')}
            onChange={() => d.signature.reset('signature')}
          />
        </Suspense>
      );
    case 'review':
      return <ReviewStep personal={d.personal.body} docType={d.doc.type} images={d.images} />;
  }
}

/**
 * The identity form (SPEC §3): personal data, document type, photos, signature, then a review
 * before submitting; after a rejection, only the rejected parts' steps.
 */
export function KycForm({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  const d = useKycDraft(state);
  const submit = useSubmitKyc();
  const [at, setAt] = useState(0);
  const [tried, setTried] = useState<ReadonlySet<Step>>(new Set());
  const title = useRef<HTMLHeadingElement>(null);
  const step = d.steps[at] ?? 'review';
  const resubmission = state.status === 'rejected';

  function go(next: number) {
    setAt(next);
    // The new step's title takes the focus, so a screen reader (and a phone) start there.
    requestAnimationFrame(() => title.current?.focus());
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step === 'review') return void submit.send(d.build);
    if (Object.keys(d.problems[step]).length > 0) {
      setTried(new Set(tried).add(step));
      return;
    }
    go(at + 1);
  }

  return (
    <form
      className="card kyc-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="kyc-form"
      data-step={step}
    >
      {resubmission && <p className="kyc-lead">{t('rejected.lead')}</p>}
      <Stepper steps={d.steps} at={at} />
      <h2 ref={title} tabIndex={-1} className="section-title kyc-step-title">
        {t('steps.progress', { step: at + 1, steps: d.steps.length })} · {t(`steps.${step}`)}
      </h2>
      <StepBody step={step} d={d} shown={tried.has(step)} />
      <FormErrorAlert form={submit.form} fields={[]} />
      <div className="kyc-nav">
        {at > 0 && (
          <button type="button" className="btn btn-ghost" onClick={() => go(at - 1)}>
            {t('nav.back')}
          </button>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submit.form.busy}
          data-testid={step === 'review' ? 'kyc-submit' : 'kyc-next'}
        >
          {step === 'review'
            ? t(resubmission ? 'review.resubmit' : 'review.submit')
            : t('nav.next')}
        </button>
      </div>
    </form>
  );
}
