import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invites } from '../../../contract/invites/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatDateTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { useInvites, useReferralStatement, useRefreshInvites } from './queries.ts';
import './invites.css';

function useCopyLabels() {
  const { t } = useTranslation('invites');
  return { copy: t('copy'), copied: t('copied'), failed: t('copyFailed') };
}

/** The code, the link and its QR code, and the rules they earn by. */
function Share({ invites }: { invites: Invites }) {
  const { t } = useTranslation('invites');
  const labels = useCopyLabels();
  const link = `${window.location.origin}${invites.link}`;
  const { rules } = invites;
  return (
    <section className="card invite-share">
      <div className="invite-codes">
        <Figure label={t('code')} value={invites.code} testId="invite-code">
          <code className="invite-code">{invites.code}</code>{' '}
          <CopyButton text={invites.code} labels={labels} />
        </Figure>
        <Figure label={t('link')} value={link} testId="invite-link">
          <code className="invite-link">{link}</code> <CopyButton text={link} labels={labels} />
        </Figure>
        <p className="muted" data-testid="invite-rules">
          {t('rules', {
            percent: rules.sharePercent,
            count: rules.rewardDays,
          })}
        </p>
      </div>
      <QrCode text={link} label={t('qr')} className="invite-qr" testId="invite-qr" />
    </section>
  );
}

function Friends({ invites }: { invites: Invites }) {
  const { t } = useTranslation('invites');
  if (invites.friendsTotal === 0) return <EmptyState icon="user" title={t('noFriends')} />;
  return (
    <ul className="invite-rows" data-testid="invite-friends">
      {invites.friends.map((f, i) => (
        <li key={i} className="invite-row" data-testid="invite-friend">
          <strong>{f.name}</strong>
          <span className="muted">{t('joined', { date: formatDateTime(f.joinedAt) })}</span>
          <span className="muted">{t('earnsUntil', { date: formatDateTime(f.earnsUntil) })}</span>
          <Amount value={f.earned} asset="USDT" />
        </li>
      ))}
    </ul>
  );
}

function Statement() {
  const { t } = useTranslation('invites');
  const [page, setPage] = useState(1);
  const statement = useReferralStatement(page);
  if (statement.isPending) return <Spinner />;
  const data = statement.data;
  if ((data?.total ?? 0) === 0) return <p className="muted">{t('noRewards')}</p>;
  return (
    <>
      <div className="invite-table-wrap">
        <table className="invite-table" data-testid="invite-statement">
          <thead>
            <tr>
              <th>{t('col.at')}</th>
              <th>{t('col.friend')}</th>
              <th>{t('col.kind')}</th>
              <th className="num-col">{t('col.fee')}</th>
              <th className="num-col">{t('col.share')}</th>
              <th className="num-col">{t('col.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((r) => (
              <tr key={r.id} data-testid="invite-statement-row">
                <td className="num">{formatDateTime(r.at)}</td>
                <td>{r.friend}</td>
                <td>{t(`feeKind.${r.feeKind === 'spot_fee' ? 'spot_fee' : 'contract_fee'}`)}</td>
                <td className="num-col">
                  <Amount value={r.fee} />
                </td>
                <td className="num-col">{t('percent', { value: r.sharePercent })}</td>
                <td className="num-col">
                  <Amount value={r.amount} asset="USDT" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        size={20}
        total={data?.total ?? 0}
        onPage={setPage}
        className="invite-pager"
        labels={{
          label: t('pager.label'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          status: (pages) => t('pager.status', { page, pages }),
        }}
      />
    </>
  );
}

/** Entering a friend's code, while the sign-up window is open (wallet and Google accounts). */
function BindCode({ until }: { until: string }) {
  const { t } = useTranslation('invites');
  const refresh = useRefreshInvites();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await call('bindInvite', { body: { code: code.trim() } });
      await refresh();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card invite-bind" onSubmit={submit} noValidate data-testid="invite-bind">
      <label className="field-label" htmlFor="invite-bind-code">
        {t('bind.label')}
      </label>
      <div className="field-row">
        <input
          id="invite-bind-code"
          className="input"
          value={code}
          maxLength={12}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          data-testid="invite-bind-code"
        />
        <button type="submit" className="btn btn-primary" disabled={busy || code.trim() === ''}>
          {t('bind.button')}
        </button>
      </div>
      <span className="field-hint">{t('bind.until', { date: formatDateTime(until) })}</span>
      {failure !== null && (
        <div className="alert alert-error" role="alert" data-testid="invite-bind-error">
          {errorMessage(t, failure)}
        </div>
      )}
    </form>
  );
}

/** /profile/invite: invite friends (SPEC §1): code, link, QR, friends, referral statement. */
export default function InvitePage() {
  const { t } = useTranslation('invites');
  const invites = useInvites();
  if (invites.isPending) return <Spinner />;
  if (invites.data === undefined) {
    return (
      <div className="page">
        <div className="alert alert-error">{errorMessage(t, invites.error)}</div>
      </div>
    );
  }
  const data = invites.data;
  return (
    <div className="page invite-page" data-testid="invite-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <Share invites={data} />
      {data.invitedBy !== null && (
        <p className="muted" data-testid="invite-invited-by">
          {t('invitedBy', { name: data.invitedBy })}
        </p>
      )}
      {data.bindUntil !== null && <BindCode until={data.bindUntil} />}
      <dl className="invite-total">
        <Figure label={t('earned')} value={data.earned} testId="invite-earned">
          <Amount value={data.earned} asset="USDT" />
        </Figure>
        <Figure label={t('friendsCount')} value={String(data.friendsTotal)}>
          <span className="num">{data.friendsTotal}</span>
        </Figure>
      </dl>
      <h2 className="section-title">{t('friends')}</h2>
      <Friends invites={data} />
      <h2 className="section-title">{t('statement')}</h2>
      <Statement />
    </div>
  );
}
