import { useTranslation } from 'react-i18next';
import type { KycState } from '../../../contract/kyc/schemas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { KycForm } from './KycForm.tsx';
import { PendingCard, RejectedCard, VerifiedCard } from './StatusCards.tsx';
import { DocumentViews } from './DocumentViews.tsx';
import { useKycPushes, useKycStatus } from './queries.ts';
import { KycStatusBadge } from './StatusBadge.tsx';
import './kyc.css';

/** What the person sees for each status (SPEC §4), and the form where one is asked for. */
function KycBody({ state }: { state: KycState }) {
  switch (state.status) {
    case 'none':
      return <KycForm state={state} />;
    case 'pending':
      return <PendingCard state={state} />;
    case 'rejected':
      return (
        <>
          <RejectedCard state={state} />
          {/* Keyed by submission: a second rejection starts a fresh form. */}
          <KycForm key={state.submission?.id} state={state} />
        </>
      );
    case 'verified':
      return <VerifiedCard state={state} />;
  }
}

/**
 * /profile/kyc: identity verification (SPEC §1-§5). The status comes from the server and is
 * fetched again when staff's decision is pushed, so the page changes without a reload.
 */
export default function KycPage() {
  const { t } = useTranslation('kyc');
  useKycPushes();
  const status = useKycStatus();
  const state = status.data;
  return (
    <div className="page page-narrow kyc-page" data-testid="kyc-page" data-status={state?.status}>
      <div className="kyc-head">
        <h1 className="page-title">{t('title')}</h1>
        {state !== undefined && <KycStatusBadge status={state.status} />}
      </div>
      {status.isPending ? (
        <Spinner />
      ) : state === undefined ? (
        <EmptyState icon="shield" title={errorMessage(t, status.error)} level={2}>
          <button type="button" className="btn btn-ghost" onClick={() => void status.refetch()}>
            {t('retry')}
          </button>
        </EmptyState>
      ) : (
        <>
          <KycBody state={state} />
          <DocumentViews state={state} />
        </>
      )}
    </div>
  );
}
