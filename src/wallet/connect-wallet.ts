import { useTranslation } from 'react-i18next';
import { useConnect } from 'wagmi';

/** EIP-1193 4001: the person said no in the wallet. Not an error of ours; say so plainly. */
export function isRejection(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === 4001 || e.name === 'UserRejectedRequestError') {
      return true;
    }
  }
  return false;
}

export const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

interface FormLike {
  clear(): void;
  failMessage(message: string): void;
  submit(send: () => Promise<void>): Promise<void>;
}

/**
 * The Connect tap: RainbowKit's modal outside a wallet browser, the injected wallet directly
 * inside one. A refusal in the wallet is said plainly on the form.
 */
export function useConnectWallet(
  form: FormLike,
  connectWithModal?: () => void,
): () => Promise<void> {
  const { t } = useTranslation('auth');
  const { connectors, connectAsync } = useConnect();
  return async () => {
    form.clear();
    if (connectWithModal) return connectWithModal();
    const injected = connectors.find((c) => c.id === 'injected');
    if (!injected) return form.failMessage(t('wallet.noWallet'));
    await form.submit(async () => {
      try {
        await connectAsync({ connector: injected });
      } catch (err) {
        if (!isRejection(err)) throw err;
        form.failMessage(t('wallet.rejected'));
      }
    });
  };
}
