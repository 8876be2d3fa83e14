import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import type { IdentityLoginResult, LinkedSignIn } from '../../../contract/sign-in/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { currentLocaleTag } from '../../i18n/i18n.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { sessionStore } from '../../state/session.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useSignInOptions } from './use-sign-in-options.ts';

/** wagmi and viem load with the wallet panel, as on the log-in screen. */
const WalletSignIn = lazyPart(() => import('./wallet/WalletSignIn.tsx'));

const HERE = '/profile/sign-ins';
const SIGN_INS_KEY = ['listSignIns'];

const linkedOn = (iso: string) =>
  new Intl.DateTimeFormat(currentLocaleTag(), {
    dateStyle: 'medium',
    numberingSystem: 'latn',
  }).format(new Date(iso));

function LinkedRow({ signIn }: { signIn: LinkedSignIn }) {
  const { t } = useTranslation('auth');
  return (
    <li className="list-item" data-testid="linked-sign-in">
      <span>
        {signIn.provider === 'wallet' ? t('signIns.wallet') : t('signIns.google')}
        {signIn.provider === 'wallet' && (
          <>
            <br />
            <bdi className="num linked-address" dir="ltr">
              {signIn.subject}
            </bdi>
          </>
        )}
      </span>
      <span className="muted">{t('signIns.linkedOn', { date: linkedOn(signIn.linkedAt) })}</span>
    </li>
  );
}

/**
 * /profile/sign-ins: the wallets and Google accounts that open this account besides its
 * password, and linking another. Linking asks the wallet for one signature, as signing in does.
 */
export default function SignInMethodsPage() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useFormError();
  const [outcome, setOutcome] = useState<'walletLinked' | 'alreadyLinked' | null>(null);
  const options = useSignInOptions();
  const linked = useQuery({ queryKey: SIGN_INS_KEY, queryFn: () => call('listSignIns') });

  function walletLinked(res: IdentityLoginResult) {
    // Linking signs in again: the account is the same, the session is the new one.
    sessionStore.signIn(res.token, res.userInfo);
    setOutcome(res.linked ? 'walletLinked' : 'alreadyLinked');
    void queryClient.invalidateQueries({ queryKey: SIGN_INS_KEY });
  }

  return (
    <div className="page page-narrow sign-ins-page">
      <h1 className="page-title">{t('signIns.title')}</h1>
      <p className="muted">{t('signIns.intro')}</p>
      <section className="card card-list" aria-label={t('signIns.linked')}>
        {linked.isPending ? (
          <Spinner />
        ) : linked.isError ? (
          // A failed read is not "nothing linked": say what went wrong.
          <div className="alert alert-error" role="alert" data-testid="sign-ins-error">
            {errorMessage(t, linked.error)}
          </div>
        ) : linked.data.length === 0 ? (
          <EmptyState icon="wallet" title={t('signIns.none')} level={2} />
        ) : (
          <ul className="list">
            {linked.data.map((signIn) => (
              <LinkedRow key={`${signIn.provider}:${signIn.subject}`} signIn={signIn} />
            ))}
          </ul>
        )}
      </section>
      {outcome !== null && (
        <div className="alert alert-success" role="status" data-testid="wallet-linked">
          {t(`signIns.${outcome}`)}
        </div>
      )}
      {options.data && (
        <section className="card auth-wallet" aria-label={t('signIns.add')}>
          <h2 className="section-title">{t('signIns.add')}</h2>
          <FormErrorAlert form={form} fields={[]} />
          <Suspense fallback={<Spinner />}>
            <WalletSignIn options={options.data.wallet} onSignedIn={walletLinked} link />
          </Suspense>
          {options.data.google && (
            <GoogleButton
              google={options.data.google}
              redirect={HERE}
              form={form}
              label={t('signIns.linkGoogle')}
            />
          )}
        </section>
      )}
    </div>
  );
}
