import { useTranslation } from 'react-i18next';
import { useAccount, useSignMessage } from 'wagmi';
import type { SignInOptions } from '../../../../contract/sign-in/schemas.ts';
import { call } from '../../../api/client.ts';
import { useFormError } from '../../../lib/use-form-error.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { isRejection, shortAddress, useConnectWallet } from '../../../wallet/connect-wallet.ts';
import { signInMessage } from '../../../wallet/siwe-message.ts';
import type { SignedIn } from './WalletSignIn.tsx';

/**
 * Connect, then sign: two taps, because wallet browsers refuse requests a tap did not start.
 * The wallet is asked for eth_requestAccounts, eth_chainId and one personal_sign: never an
 * approval, a permit or a transaction (ARCHITECTURE.md, "Honest by construction").
 */
export function WalletSteps({
  options,
  onSignedIn,
  connectWithModal,
  signLabel,
}: {
  options: SignInOptions['wallet'];
  onSignedIn: SignedIn;
  /** The second tap's words: signing in, or linking the wallet to the signed-in account. */
  signLabel: string;
  /** Outside a wallet browser RainbowKit's modal picks the wallet; inside, the injected one. */
  connectWithModal?: () => void;
}) {
  const { t } = useTranslation('auth');
  const form = useFormError();
  const { address, chainId, isConnected } = useAccount();
  const connect = useConnectWallet(form, connectWithModal);
  const { signMessageAsync } = useSignMessage();

  async function sign() {
    form.clear();
    if (address === undefined || chainId === undefined) return;
    if (!options.chainIds.includes(chainId)) {
      return form.failMessage(t('wallet.wrongChain'));
    }
    await form.submit(async () => {
      const { nonce } = await call('signInNonce', { body: { purpose: 'wallet' } });
      const message = signInMessage({
        options,
        address,
        chainId,
        nonce,
        statement: t('wallet.statement'),
      });
      let signature: `0x${string}`;
      try {
        signature = await signMessageAsync({ message });
      } catch (err) {
        if (!isRejection(err)) throw err;
        return form.failMessage(t('wallet.rejected'));
      }
      const res = await call('loginByDapp', { body: { message, signature } });
      onSignedIn(res);
    });
  }

  return (
    <div className="wallet-steps" data-testid="wallet-steps">
      <FormErrorAlert form={form} fields={[]} />
      {isConnected && address !== undefined ? (
        <>
          <p className="muted" data-testid="wallet-address">
            {t('wallet.connectedAs', { address: shortAddress(address) })}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => void sign()}
            disabled={form.busy}
          >
            {signLabel}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => void connect()}
          disabled={form.busy}
        >
          {t('wallet.connect')}
        </button>
      )}
    </div>
  );
}
