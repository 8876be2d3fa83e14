import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { amountSchema } from '../../../../contract/common/amounts.ts';
import { toUnits } from '../../../../contract/decimal.ts';
import { useAccount, useSendTransaction, useSwitchChain } from 'wagmi';
import { Code } from '../../../../contract/errors.ts';
import {
  fitsScale,
  type ChainTransfer,
  type FundingOption,
} from '../../../../contract/funds/schemas.ts';
import { erc20DepositAbi } from '../../../../contracts-abi/abis.ts';
import { call } from '../../../api/client.ts';
import { useFormError } from '../../../lib/use-form-error.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { isRejection, shortAddress, useConnectWallet } from '../../../wallet/connect-wallet.ts';

/** An option the chain verifies, with where this person pays it (own or shared address). */
export type ChainOption = FundingOption & {
  onChain: NonNullable<FundingOption['onChain']>;
  depositAddress: string;
};

/** What the wallet step fills into the deposit form. */
export interface Prefill {
  txHash: string;
  last6: string;
  amount?: string;
}

/** The one transaction a deposit asks a wallet for: ETH to the address, or a token transfer. */
function paymentRequest(
  option: ChainOption,
  units: bigint,
): { to: Address; value?: bigint; data?: Hex } {
  const recipient = getAddress(option.depositAddress);
  if (option.onChain.token === null) return { to: recipient, value: units };
  return {
    to: getAddress(option.onChain.token),
    data: encodeFunctionData({
      abi: erc20DepositAbi,
      functionName: 'transfer',
      args: [recipient, units],
    }),
  };
}

/**
 * Connect, then either pay (the person sees recipient, network, coin and amount before the
 * wallet opens) or find a payment made outside the app. Either way the hash lands in the form;
 * the server then reads the chain itself, so nothing here is trusted for the credit.
 */
export function DepositWalletSteps({
  option,
  amount,
  onPrefill,
  connectWithModal,
}: {
  option: ChainOption;
  amount: string;
  onPrefill: (p: Prefill) => void;
  connectWithModal?: () => void;
}) {
  const { t } = useTranslation(['funds', 'auth']);
  const form = useFormError();
  const { address, chainId, isConnected } = useAccount();
  const connect = useConnectWallet(form, connectWithModal);
  const { switchChainAsync } = useSwitchChain();
  const { sendTransactionAsync } = useSendTransaction();
  const [reviewing, setReviewing] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [transfers, setTransfers] = useState<ChainTransfer[] | null>(null);

  /** The amount in the coin's smallest unit, or a catalogue message on the form. */
  function units(): bigint | null {
    const text = amount.trim();
    if (!amountSchema.safeParse(text).success || !fitsScale(text, option.asset)) {
      form.failCode(Code.amountInvalid, 'amount');
      return null;
    }
    const value = toUnits(text, option.onChain.decimals);
    if (value < toUnits(option.minDeposit, option.onChain.decimals)) {
      form.failMessage(
        t(`errors:${Code.belowMinimumDeposit}`, { name: option.asset, limit: option.minDeposit }),
      );
      return null;
    }
    return value;
  }

  function review() {
    form.clear();
    setSent(null);
    if (units() !== null) setReviewing(true);
  }

  async function pay() {
    const value = units();
    if (value === null || address === undefined) return;
    await form.submit(async () => {
      try {
        if (chainId !== option.onChain.chainId) {
          await switchChainAsync({ chainId: option.onChain.chainId });
        }
        const hash = await sendTransactionAsync({
          ...paymentRequest(option, value),
          chainId: option.onChain.chainId,
        });
        setReviewing(false);
        setSent(hash);
        onPrefill({ txHash: hash, last6: address.slice(-6) });
      } catch (err) {
        if (!isRejection(err)) throw err;
        form.failMessage(t('deposit.wallet.rejected'));
      }
    });
  }

  async function find() {
    if (address === undefined) return;
    form.clear();
    setReviewing(false);
    await form.submit(async () => {
      // Own address: every payment to it is the person's. Shared: only the linked wallet's.
      const res = await call('findChainTransfers', {
        query: { asset: option.asset, from: option.deposit === 'shared' ? address : undefined },
      });
      setTransfers(res.list);
    });
  }

  if (!isConnected || address === undefined) {
    return (
      <div className="deposit-wallet" data-testid="deposit-wallet">
        <FormErrorAlert form={form} fields={[]} />
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void connect()}
          disabled={form.busy}
        >
          {t('auth:wallet.connect')}
        </button>
      </div>
    );
  }

  return (
    <div className="deposit-wallet" data-testid="deposit-wallet">
      <FormErrorAlert form={form} fields={[]} />
      <p className="muted" data-testid="wallet-address">
        {t('auth:wallet.connectedAs', { address: shortAddress(address) })}
      </p>
      {reviewing ? (
        <div className="wallet-review" data-testid="wallet-review">
          <h3 className="section-title">{t('deposit.wallet.reviewTitle')}</h3>
          <dl className="funds-summary">
            <Row
              label={
                option.deposit === 'personal'
                  ? t('deposit.wallet.toPersonal')
                  : t('deposit.wallet.to')
              }
            >
              <code className="break">{option.depositAddress}</code>
            </Row>
            <Row label={t('fields.network')}>
              {t(`network.${option.network}`)} ·{' '}
              {t('deposit.wallet.chainId', { id: option.onChain.chainId })}
            </Row>
            <Row label={t('fields.coin')}>
              {option.asset}
              {option.onChain.token !== null && (
                <>
                  {' '}
                  · <code className="break">{option.onChain.token}</code>
                </>
              )}
            </Row>
            <Row label={t('fields.amount')}>
              <Amount value={amount.trim()} asset={option.asset} />
            </Row>
            <Row label={t('deposit.wallet.from')}>
              <code className="break">{address}</code>
            </Row>
          </dl>
          <div className="balance-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void pay()}
              disabled={form.busy}
            >
              {t('deposit.wallet.openWallet')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setReviewing(false)}>
              {t('deposit.wallet.back')}
            </button>
          </div>
        </div>
      ) : (
        <div className="balance-actions">
          <button type="button" className="btn btn-primary" onClick={review} disabled={form.busy}>
            {t('deposit.wallet.pay')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void find()}
            disabled={form.busy}
          >
            {t('deposit.wallet.find')}
          </button>
        </div>
      )}
      {sent !== null && (
        <p className="field-hint" role="status" data-testid="wallet-sent">
          {option.deposit === 'personal'
            ? t('deposit.wallet.sentPersonal')
            : t('deposit.wallet.sent')}
        </p>
      )}
      {transfers !== null && (
        <TransferList
          transfers={transfers}
          personal={option.deposit === 'personal'}
          asset={option.asset}
          onUse={(tr) => {
            setTransfers(null);
            onPrefill({ txHash: tr.txHash, last6: address.slice(-6), amount: tr.amount });
          }}
        />
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TransferList({
  transfers,
  personal,
  asset,
  onUse,
}: {
  transfers: ChainTransfer[];
  personal: boolean;
  asset: FundingOption['asset'];
  onUse: (t: ChainTransfer) => void;
}) {
  const { t } = useTranslation('funds');
  if (transfers.length === 0) {
    return (
      <p className="muted" data-testid="transfers-none">
        {personal ? t('deposit.wallet.nonePersonal') : t('deposit.wallet.none')}
      </p>
    );
  }
  return (
    <ul className="transfer-list" data-testid="transfers">
      {transfers.map((tr) => (
        <li key={tr.txHash} className="record" data-testid="transfer">
          <div className="record-head">
            <Amount value={tr.amount} asset={asset} />
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={tr.used}
              onClick={() => onUse(tr)}
            >
              {tr.used ? t('deposit.wallet.used') : t('deposit.wallet.use')}
            </button>
          </div>
          <p className="muted break">
            <code>{tr.txHash}</code> · {t('deposit.wallet.confirmations', { n: tr.confirmations })}
          </p>
        </li>
      ))}
    </ul>
  );
}
