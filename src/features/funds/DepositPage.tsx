import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Code } from '../../../contract/errors.ts';
import type { Network } from '../../../contract/funds/addresses.ts';
import {
  ASSETS,
  depositBody,
  fundsFieldCodes,
  FUNDS_LIMITS,
  type Asset,
  type Deposit,
} from '../../../contract/funds/schemas.ts';
import { call, upload } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ChainCheckNote } from './ChainCheckNote.tsx';
import { CopyButton } from './CopyButton.tsx';
import { refreshFunds, useDepositAddress, useFundingOptions } from './queries.ts';
import { RealBookOnly } from './RealBookOnly.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useRequestKey } from '../../lib/use-request-key.ts';
import './funds.css';

/** What the file picker offers; the server checks the bytes themselves (SPEC §5). */
const PROOF_ACCEPT = '.jpg,.jpeg,.png,.jp2,.j2k,image/jpeg,image/png,image/jp2';
const PROOF_NAME = /\.(jpe?g|png|jp2|j2k)$/i;
/** How often the page re-reads a deposit the chain is still confirming. */
const CONFIRMING_POLL_MS = 3_000;

/** Wagmi, viem and (outside wallet browsers) RainbowKit load on the tap that asks for a wallet. */
const DepositWallet = lazyPart(() => import('./wallet/DepositWallet.tsx'));

function DepositForm() {
  const { t } = useTranslation('funds');
  const queryClient = useQueryClient();
  const options = useFundingOptions();
  const form = useFormError();
  const requestKey = useRequestKey();
  const [asset, setAsset] = useState<Asset>('USDT');
  const [network, setNetwork] = useState<Network>('ethereum');
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [last6, setLast6] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // An uploaded proof is kept for a retry of the same form, until the file changes.
  const [proofId, setProofId] = useState<string | null>(null);
  const [done, setDone] = useState<Deposit | null>(null);
  const [walletOpen, setWalletOpen] = useState(false);

  // Coins and networks with no receiving address configured are not offered (withdrawals only).
  const list = (options.data?.options ?? []).filter((o) => o.deposit !== 'none');
  const assets = ASSETS.filter((a) => list.some((o) => o.asset === a));
  const shownAsset = assets.includes(asset) ? asset : (assets[0] ?? asset);
  const networks = list.filter((o) => o.asset === shownAsset);
  const option = networks.find((o) => o.network === network) ?? networks[0];
  const receiving = useDepositAddress(option);
  if (options.isPending) return <Spinner />;
  if (option === undefined) {
    return (
      <p className="card muted" data-testid="deposit-unavailable">
        {t('deposit.unavailable')}
      </p>
    );
  }
  // Where the chain verifies the payment, the proof and the paying account are optional.
  const onChain = option.onChain;
  // The person's own address on a chain we read: payments are found and credited by themselves.
  const automatic = onChain !== null && option.deposit === 'personal';
  const address = receiving.data?.address;

  function pickAsset(next: Asset) {
    setAsset(next);
    setNetwork(list.find((o) => o.asset === next)?.network ?? 'ethereum');
    setWalletOpen(false);
  }

  function pickFile(next: File | null) {
    setFile(next);
    setProofId(null);
    form.clear();
    if (next !== null && next.size > FUNDS_LIMITS.proofBytesMax) {
      form.failCode(Code.imageTooLarge, 'proof');
    } else if (next !== null && !PROOF_NAME.test(next.name)) {
      form.failCode(Code.imageFormatWrong, 'proof');
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    if (option === undefined) return;
    if (file === null && onChain === null) {
      form.failCode(Code.proofRequired, 'proof');
      return;
    }
    const draft = {
      key: requestKey.next(),
      asset: option.asset,
      network: option.network,
      amount: amount.trim(),
      txHash,
      last6: last6.trim() === '' && onChain !== null ? undefined : last6,
      proofId: file === null ? undefined : (proofId ?? '0'.repeat(32)),
    };
    if (form.check(depositBody, draft, fundsFieldCodes) === null) return;
    await form.submit(async () => {
      try {
        let id: string | undefined;
        if (file !== null) {
          id = proofId ?? (await upload('uploadProof', file)).proofId;
          setProofId(id);
        }
        const result = await call('recharge', { body: { ...draft, proofId: id } });
        requestKey.settle();
        setDone(result);
        await refreshFunds(queryClient);
      } catch (err) {
        requestKey.settle(err);
        throw err;
      }
    });
  }

  if (done !== null) {
    return <DepositDone first={done} onAnother={() => setDone(null)} />;
  }

  return (
    <form className="card funds-form" onSubmit={submit} noValidate>
      <FormErrorAlert
        form={form}
        fields={['amount', 'txHash', 'last6', 'proof', 'proofId', 'asset', 'network']}
      />
      <div className="field">
        <span className="field-label">{t('fields.coin')}</span>
        <div className="tabs" role="radiogroup" aria-label={t('fields.coin')}>
          {assets.map((a) => (
            <button
              key={a}
              type="button"
              role="radio"
              className="tab"
              aria-checked={shownAsset === a}
              aria-selected={shownAsset === a}
              onClick={() => pickAsset(a)}
            >
              {a}
            </button>
          ))}
        </div>
      </div>
      <label className="field">
        <span className="field-label">{t('fields.network')}</span>
        <select
          className="select"
          name="network"
          value={option.network}
          onChange={(e) => setNetwork(e.target.value as Network)}
        >
          {networks.map((o) => (
            <option key={o.network} value={o.network}>
              {t(`network.${o.network}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="deposit-address" data-personal={option.deposit === 'personal'}>
        <span className="field-label">
          {option.deposit === 'personal' ? t('deposit.addressPersonal') : t('deposit.address')}
        </span>
        {address === undefined ? (
          receiving.isError ? (
            <p className="alert alert-error" role="alert">
              {errorMessage(t, receiving.error)}
            </p>
          ) : (
            <Spinner />
          )
        ) : (
          <>
            <code data-testid="deposit-address">{address}</code>
            <CopyButton text={address} />
          </>
        )}
        <p className="field-hint">
          {t('deposit.minimum', { limit: option.minDeposit, name: option.asset })}
        </p>
        {automatic && (
          <p className="field-hint" data-testid="deposit-automatic">
            {t('deposit.automatic', { n: onChain.confirmations })}
          </p>
        )}
      </div>
      <TextField
        label={t('fields.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={form.fieldError('amount')}
      />
      {onChain !== null && address !== undefined && (
        <div className="field">
          <span className="field-label">{t('deposit.wallet.title')}</span>
          <p className="field-hint">
            {automatic ? t('deposit.wallet.notePersonal') : t('deposit.wallet.note')}
          </p>
          {walletOpen ? (
            <Suspense fallback={<Spinner />}>
              <DepositWallet
                option={{ ...option, onChain, depositAddress: address }}
                amount={amount}
                onPrefill={(p) => {
                  form.clear();
                  setTxHash(p.txHash);
                  setLast6(p.last6);
                  if (p.amount !== undefined) setAmount(p.amount);
                }}
              />
            </Suspense>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-block"
              onClick={() => setWalletOpen(true)}
              data-testid="open-deposit-wallet"
            >
              {t('deposit.wallet.open')}
            </button>
          )}
        </div>
      )}
      {automatic && <h2 className="section-title">{t('deposit.declareTitle')}</h2>}
      <TextField
        label={t('fields.txHash')}
        name="txHash"
        autoComplete="off"
        spellCheck={false}
        value={txHash}
        onChange={(e) => setTxHash(e.target.value)}
        error={form.fieldError('txHash')}
      />
      <TextField
        label={t('fields.last6')}
        name="last6"
        autoComplete="off"
        maxLength={6}
        value={last6}
        onChange={(e) => setLast6(e.target.value)}
        error={form.fieldError('last6')}
        hint={onChain === null ? t('deposit.last6Hint') : t('deposit.optionalOnChain')}
      />
      <TextField
        label={t('fields.proof')}
        name="proof"
        type="file"
        accept={PROOF_ACCEPT}
        onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
        error={form.fieldError('proof') ?? form.fieldError('proofId')}
        hint={onChain === null ? t('deposit.proofHint') : t('deposit.optionalOnChain')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {onChain === null ? t('deposit.submit') : t('deposit.submitOnChain')}
      </button>
    </form>
  );
}

/**
 * The answer to a deposit. One the chain is still confirming is re-read until the chain check
 * ends, and the balances refresh when it is credited.
 */
function DepositDone({ first, onAnother }: { first: Deposit; onAnother: () => void }) {
  const { t } = useTranslation('funds');
  const queryClient = useQueryClient();
  const live = useQuery({
    queryKey: ['deposits', 'one', first.id],
    queryFn: async () => {
      const page = await call('listRecharge', { query: { page: 1, size: 20 } });
      return page.list.find((d) => d.id === first.id) ?? first;
    },
    initialData: first,
    refetchInterval: (q) =>
      q.state.data?.chainCheck === 'confirming' ? CONFIRMING_POLL_MS : false,
  });
  const d = live.data;
  const credited = d.status === 'approved';
  useEffect(() => {
    if (credited) void refreshFunds(queryClient);
  }, [credited, queryClient]);
  const title =
    d.chainCheck === 'verified'
      ? t('deposit.credited')
      : d.chainCheck === 'none'
        ? t(`errors:${Code.rechargeSubmitted}`)
        : t('deposit.checking');
  return (
    <section className="card funds-done" data-testid="deposit-done" data-check={d.chainCheck}>
      <h2 className="section-title">{title}</h2>
      <p>
        <Amount value={d.amount} asset={d.asset} /> <StatusBadge status={d.status} />
      </p>
      <ChainCheckNote deposit={d} />
      {d.chainCheck === 'confirming' ? (
        <p className="muted">{t('deposit.confirmingNote')}</p>
      ) : (
        d.chainCheck !== 'verified' && <p className="muted">{t('deposit.reviewNote')}</p>
      )}
      <div className="balance-actions">
        <Link to="/profile/records" className="btn btn-primary">
          {t('records.title')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onAnother}>
          {t('deposit.another')}
        </button>
      </div>
    </section>
  );
}

/** Deposit: where to send, then the payment's details and proof for review (SPEC §1, §3). */
export default function DepositPage() {
  const { t } = useTranslation('funds');
  return (
    <RealBookOnly>
      <div className="page page-narrow funds-page">
        <h1 className="page-title">{t('deposit.title')}</h1>
        <DepositForm />
      </div>
    </RealBookOnly>
  );
}
