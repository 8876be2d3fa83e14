import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { amountSchema } from '../../../contract/common/amounts.ts';
import { toUnits } from '../../../contract/decimal.ts';
import { Code } from '../../../contract/errors.ts';
import type { Network } from '../../../contract/funds/addresses.ts';
import {
  ASSET_SCALE,
  ASSETS,
  fitsScale,
  fundsFieldCodes,
  showUnits,
  withdrawalBody,
  withdrawalFee,
  type Asset,
  type Withdrawal,
  type WithdrawalBody,
} from '../../../contract/funds/schemas.ts';
import { ApiError, call } from '../../api/client.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { refreshFunds, useBalances, useFundingOptions } from './queries.ts';
import { RealBookOnly } from './RealBookOnly.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { useSecurity } from '../../api/security.ts';
import { EMPTY_FACTOR, proofOf, SecondFactorField } from '../../ui/SecondFactorField.tsx';
import './funds.css';

type Method = 'crypto' | 'bank';

/**
 * Fee and received amount exactly as the server will compute them, or null while the amount is
 * invalid, above what is available or below the minimum: then `problem` says why, at once,
 * instead of a figure the server would refuse.
 */
function quote(
  amount: string,
  asset: Asset,
  rate: string,
  limits: { available: string; minimum: string | undefined },
): { fee: string; received: string } | { problem: { code: number; limit?: string } } | null {
  if (amount === '') return null;
  if (!amountSchema.safeParse(amount).success || !fitsScale(amount, asset)) {
    return { problem: { code: Code.amountInvalid } };
  }
  const scale = ASSET_SCALE[asset];
  const units = toUnits(amount, scale);
  if (units > toUnits(limits.available, scale))
    return { problem: { code: Code.insufficientBalance } };
  if (limits.minimum !== undefined && units < toUnits(limits.minimum, scale)) {
    return { problem: { code: Code.belowMinimumWithdrawal, limit: limits.minimum } };
  }
  const fee = withdrawalFee(units, rate);
  if (fee >= units) return { problem: { code: Code.amountInvalid } };
  return { fee: showUnits(fee, asset), received: showUnits(units - fee, asset) };
}

function WithdrawForm() {
  const { t } = useTranslation('funds');
  const queryClient = useQueryClient();
  const options = useFundingOptions();
  const balances = useBalances();
  const form = useFormError();
  const requestKey = useRequestKey();
  const [method, setMethod] = useState<Method>('crypto');
  const [asset, setAsset] = useState<Asset>('USDT');
  const [network, setNetwork] = useState<Network>('ethereum');
  const [address, setAddress] = useState('');
  const [bank, setBank] = useState({ bankName: '', bankAddress: '', accountName: '', iban: '' });
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<WithdrawalBody | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  // With two-step verification on, the confirmation asks for its code (docs/security.md).
  const security = useSecurity();
  const [factor, setFactor] = useState(EMPTY_FACTOR);
  const askFactor = security.data?.totp === true;

  if (options.isPending || balances.isPending) return <Spinner />;
  const list = options.data?.options ?? [];
  const rate = options.data?.withdrawFeeRate ?? '0';
  const assets =
    method === 'bank'
      ? ASSETS.filter((a) => list.some((o) => o.asset === a && o.bankWithdrawal))
      : ASSETS;
  const networks = list.filter((o) => o.asset === asset);
  const option =
    method === 'bank'
      ? list.find((o) => o.asset === asset && o.bankWithdrawal)
      : (networks.find((o) => o.network === network) ?? networks[0]);
  const available = balances.data?.assets.find((a) => a.asset === asset)?.available ?? '0';
  // The server reads the amount exactly as sent: the spaces a person typed around it go first.
  const typed = amount.trim();
  const quoted = quote(typed, asset, rate, { available, minimum: option?.minWithdrawal });
  const figures = quoted !== null && 'fee' in quoted ? quoted : null;
  const problem =
    quoted !== null && 'problem' in quoted
      ? t(`errors:${quoted.problem.code}`, { name: asset, limit: quoted.problem.limit })
      : undefined;

  function pick(nextMethod: Method, nextAsset: Asset) {
    const allowed =
      nextMethod === 'bank'
        ? list.some((o) => o.asset === nextAsset && o.bankWithdrawal)
        : list.some((o) => o.asset === nextAsset);
    const a = allowed ? nextAsset : 'USDT';
    setMethod(nextMethod);
    setAsset(a);
    setNetwork(list.find((o) => o.asset === a)?.network ?? 'ethereum');
    form.clear();
  }

  function review(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const draft =
      method === 'crypto'
        ? {
            method,
            key: requestKey.next(),
            asset,
            network: option?.network,
            address,
            amount: typed,
          }
        : { method, key: requestKey.next(), asset, amount: typed, ...bank };
    const body = form.check(withdrawalBody, draft, fundsFieldCodes);
    if (body === null) return;
    // What the server would refuse is not offered for confirmation: the amount field says why.
    if (problem !== undefined) return;
    setConfirming(body);
  }

  async function send(request: WithdrawalBody) {
    const body = askFactor ? { ...request, secondFactor: proofOf(factor) } : request;
    await form.submit(async () => {
      let keepOpen = false;
      try {
        const result = await call('withdrawal', { body });
        requestKey.settle();
        setDone(result);
        setFactor(EMPTY_FACTOR);
        await refreshFunds(queryClient);
      } catch (err) {
        // A wrong or missing code keeps the confirmation, and its key, for another try.
        keepOpen = err instanceof ApiError && err.detail?.field === 'secondFactor';
        if (keepOpen) await security.refetch();
        else requestKey.settle(err);
        throw err;
      } finally {
        if (!keepOpen) setConfirming(null);
      }
    });
  }

  if (done !== null) {
    return (
      <section className="card funds-done" data-testid="withdraw-done">
        <h2 className="section-title">{t(`errors:${Code.withdrawalSubmitted}`)}</h2>
        <p>
          <Amount value={done.amount} asset={done.asset} /> <StatusBadge status={done.status} />
        </p>
        <p className="muted">{t('withdraw.heldNote')}</p>
        <div className="balance-actions">
          <Link to="/profile/records?tab=withdrawals" className="btn btn-primary">
            {t('records.title')}
          </Link>
          <button type="button" className="btn btn-ghost" onClick={() => setDone(null)}>
            {t('withdraw.another')}
          </button>
        </div>
      </section>
    );
  }

  const bankField = (name: keyof typeof bank, label: string, extra = {}) => (
    <TextField
      label={label}
      name={name}
      autoComplete="off"
      value={bank[name]}
      onChange={(e) => setBank({ ...bank, [name]: e.target.value })}
      error={form.fieldError(name)}
      {...extra}
    />
  );

  return (
    <form className="card funds-form" onSubmit={review} noValidate>
      {security.data?.withdrawalsHeldUntil != null && (
        <div className="alert alert-info" data-testid="withdraw-held">
          {t('withdraw.held', { until: security.data.withdrawalsHeldUntil })}
        </div>
      )}
      <div className="tabs" role="tablist" aria-label={t('withdraw.method')}>
        {(['crypto', 'bank'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className="tab"
            aria-selected={method === m}
            data-method={m}
            onClick={() => pick(m, asset)}
          >
            {t(`withdraw.methods.${m}`)}
          </button>
        ))}
      </div>
      <FormErrorAlert
        form={form}
        fields={['amount', 'address', 'bankName', 'bankAddress', 'accountName', 'iban']}
      />
      <label className="field">
        <span className="field-label">{t('fields.coin')}</span>
        <select
          className="select"
          name="asset"
          value={asset}
          onChange={(e) => pick(method, e.target.value as Asset)}
        >
          {assets.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      {method === 'crypto' ? (
        <>
          <label className="field">
            <span className="field-label">{t('fields.network')}</span>
            <select
              className="select"
              name="network"
              value={option?.network ?? ''}
              onChange={(e) => setNetwork(e.target.value as Network)}
            >
              {networks.map((o) => (
                <option key={o.network} value={o.network}>
                  {t(`network.${o.network}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={t('fields.address')}
            name="address"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={form.fieldError('address')}
          />
        </>
      ) : (
        <>
          {bankField('bankName', t('fields.bankName'))}
          {bankField('bankAddress', t('fields.bankAddress'))}
          {bankField('accountName', t('fields.accountName'))}
          {bankField('iban', t('fields.iban'), { spellCheck: false, hint: t('withdraw.ibanHint') })}
        </>
      )}
      <TextField
        label={t('fields.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={form.fieldError('amount') ?? problem}
        trailing={
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setAmount(available)}
          >
            {t('withdraw.all')}
          </button>
        }
      />
      <dl className="funds-summary">
        <div>
          <dt>{t('withdraw.available')}</dt>
          <dd data-testid="withdraw-available">
            <Amount value={available} asset={asset} />
          </dd>
        </div>
        {option !== undefined && (
          <div>
            <dt>{t('withdraw.minimum')}</dt>
            <dd>
              <Amount value={option.minWithdrawal} asset={asset} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('withdraw.fee', { rate })}</dt>
          <dd data-testid="withdraw-fee">
            <Amount value={figures?.fee ?? null} asset={asset} />
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.received')}</dt>
          <dd data-testid="withdraw-received">
            <Amount value={figures?.received ?? null} asset={asset} />
          </dd>
        </div>
      </dl>
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {t('withdraw.review')}
      </button>
      {confirming !== null && (
        <Modal title={t('withdraw.confirmTitle')} onClose={() => setConfirming(null)}>
          <dl className="funds-summary" data-testid="withdraw-confirm">
            <div>
              <dt>{t('fields.amount')}</dt>
              <dd>
                <Amount value={confirming.amount} asset={confirming.asset} />
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.fee', { rate })}</dt>
              <dd>
                <Amount value={figures?.fee ?? null} asset={confirming.asset} />
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.received')}</dt>
              <dd>
                <Amount value={figures?.received ?? null} asset={confirming.asset} />
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.to')}</dt>
              <dd className="break">
                {confirming.method === 'crypto'
                  ? `${t(`network.${confirming.network}`)} · ${confirming.address}`
                  : `${confirming.accountName} · ${confirming.iban}`}
              </dd>
            </div>
          </dl>
          <p className="muted">{t('withdraw.confirmNote')}</p>
          {askFactor && (
            <SecondFactorField
              value={factor}
              onChange={setFactor}
              error={form.fieldError('secondFactor')}
            />
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="confirm-withdraw"
            disabled={form.busy}
            onClick={() => void send(confirming)}
          >
            {t('withdraw.confirm')}
          </button>
        </Modal>
      )}
    </form>
  );
}

/** Withdraw to a crypto address or a bank account (IBAN), with the fee shown before confirming. */
export default function WithdrawPage() {
  const { t } = useTranslation('funds');
  return (
    <RealBookOnly>
      <div className="page page-narrow funds-page">
        <h1 className="page-title">{t('withdraw.title')}</h1>
        <WithdrawForm />
      </div>
    </RealBookOnly>
  );
}
