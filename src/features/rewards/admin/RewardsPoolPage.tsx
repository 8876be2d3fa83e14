import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fundPoolBody, rewardsFieldCodes } from '../../../../contract/rewards/schemas.ts';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { useStore } from '../../../state/store.ts';
import { ErrorAlert, PageHeader } from '../../../ui/admin/AdminUi.tsx';
import { FundDialog } from '../../../ui/admin/FundDialog.tsx';
import { Amount } from '../../../ui/Amount.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Figure } from '../../../ui/Figure.tsx';

const POOL_KEY = [ADMIN_KEY, 'rewardsPool'] as const;
const MONEY = ['balance', 'paid7d', 'paid30d'] as const;

/**
 * The rewards pool in the back office (docs/rewards.md): its balance and what check-ins and
 * task rewards took from it, as the ledger has them; admins fund it from the operator's
 * capital with a reason. The amounts themselves are parameters (/admin/params).
 */
export default function RewardsPoolPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();
  const pool = useQuery({ queryKey: POOL_KEY, queryFn: () => staffCall('adminRewardsPool') });
  const [funding, setFunding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const mayFund = staff !== null && roleMayCall(staff.role, 'fundRewardsPool');
  return (
    <div className="admin-page" data-testid="rewards-pool-page">
      <PageHeader title={t('rewards.title')}>
        {mayFund && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => {
              setNotice(null);
              setFunding(true);
            }}
            data-testid="rewards-fund"
          >
            {t('rewards.fund')}
          </button>
        )}
      </PageHeader>
      <p className="muted admin-intro">{t('rewards.intro')}</p>
      {notice !== null && (
        <div className="alert alert-success" role="status" data-testid="rewards-notice">
          {notice}
        </div>
      )}
      <ErrorAlert error={pool.error} testId="rewards-pool-error" />
      {pool.isPending ? (
        <Spinner />
      ) : pool.data === undefined ? null : (
        <section className="card admin-card">
          <dl className="admin-maker-figures" data-testid="rewards-pool">
            {MONEY.map((f) => (
              <Figure
                key={f}
                label={t(`rewards.${f}`)}
                value={pool.data[f]}
                testId={`rewards-${f}`}
              >
                <Amount value={pool.data[f]} asset="USDT" />
              </Figure>
            ))}
            <Figure label={t('rewards.checkinsToday')}>
              <span className="num">{pool.data.checkinsToday}</span>
            </Figure>
            <Figure label={t('rewards.claims')}>
              <span className="num">{pool.data.claims}</span>
            </Figure>
          </dl>
        </section>
      )}
      {funding && (
        <FundDialog
          title={t('rewards.fundTitle')}
          testId="rewards-fund-form"
          schema={fundPoolBody}
          fields={rewardsFieldCodes}
          send={(body) => staffCall('fundRewardsPool', { body })}
          onClose={() => setFunding(false)}
          onFunded={async (amount, figures) => {
            await queryClient.invalidateQueries({ queryKey: POOL_KEY });
            setNotice(
              t('rewards.funded', {
                amount: amount,
                balance: figures.balance,
              }),
            );
            setFunding(false);
          }}
        />
      )}
    </div>
  );
}
