import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityLoginResult, SignInOptions } from '../../../../contract/sign-in/schemas.ts';
import { WalletConnection } from '../../../wallet/WalletConnection.tsx';
import { WalletSteps } from './WalletSteps.tsx';

export type SignedIn = (result: IdentityLoginResult) => void;

/**
 * Wallet sign-in: connect (a wallet browser's own wallet, or RainbowKit's modal), then sign.
 * Signed in already, the same signature links the wallet to the account (`link`).
 */
export default function WalletSignIn({
  options,
  onSignedIn,
  link = false,
}: {
  options: SignInOptions['wallet'];
  onSignedIn: SignedIn;
  link?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [modal, setModal] = useState(false);
  return (
    <WalletConnection
      chainIds={options.chainIds}
      open={modal}
      beforeOpen={
        <button type="button" className="btn btn-primary btn-block" onClick={() => setModal(true)}>
          {t('wallet.connect')}
        </button>
      }
    >
      {(connectWithModal) => (
        <WalletSteps
          options={options}
          onSignedIn={onSignedIn}
          connectWithModal={connectWithModal}
          signLabel={t(link ? 'wallet.link' : 'wallet.sign')}
        />
      )}
    </WalletConnection>
  );
}
