import type { Page } from '@playwright/test';
import { createWalletClient, http, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export interface TestWallet {
  address: Hex;
  /** Every EIP-1193 method the page asked for, in order. */
  methods: string[];
}

/**
 * An injected EIP-1193 wallet with a real key. The page side is a thin `window.ethereum` (plus
 * an EIP-6963 announcement) that hands each request to this Node side, which signs with the key
 * and forwards everything else to a real chain when one is given. It records every method asked.
 */
export async function injectWallet(
  page: Page,
  options: {
    chainId: number;
    rpcUrl?: string;
    privateKey?: Hex;
    flags?: Record<string, boolean>;
    /** Methods the person declines in the wallet (EIP-1193 error 4001). */
    refuse?: string[];
  },
): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey ?? generatePrivateKey());
  const methods: string[] = [];
  const client =
    options.rpcUrl === undefined
      ? undefined
      : createWalletClient({ account, transport: http(options.rpcUrl) });

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    methods.push(method);
    if (options.refuse?.includes(method)) {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    }
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return toHex(options.chainId);
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_sendTransaction': {
        if (!client) throw new Error('this test wallet has no chain');
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex };
        return client.sendTransaction({
          chain: null,
          to: tx.to,
          data: tx.data,
          value: tx.value === undefined ? undefined : BigInt(tx.value),
        });
      }
      default: {
        if (options.rpcUrl === undefined) throw new Error(`unsupported method ${method}`);
        const res = await fetch(options.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await res.json()) as { result?: unknown; error?: { message: string } };
        if (body.error) throw new Error(body.error.message);
        return body.result;
      }
    }
  }

  await page.exposeFunction('__testWalletRequest', async (method: string, params: unknown[]) => {
    try {
      return { result: await handle(method, params ?? []) };
    } catch (err) {
      const code = (err as { code?: unknown }).code === 4001 ? 4001 : 4200;
      return { error: { code, message: String(err) } };
    }
  });
  await page.addInitScript(
    (flags) => {
      type Bridge = (
        method: string,
        params: unknown[],
      ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
      const bridge = (window as unknown as { __testWalletRequest: Bridge }).__testWalletRequest;
      const provider = {
        ...flags,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await bridge(method, params ?? []);
          if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
          return answer.result;
        },
        on() {},
        removeListener() {},
      };
      Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
      const info = {
        uuid: '5d7c5bd4-6a3a-4a8e-9a55-0a7c1c3e1b01',
        name: 'Kestrel Test Wallet',
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="%2328a"/></svg>',
        rdns: 'test.kestrel.wallet',
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info, provider }),
          }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    options.flags ?? { isMetaMask: true },
  );
  return { address: account.address, methods };
}
