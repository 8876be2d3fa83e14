import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A real OpenID provider on 127.0.0.1 for the browser tests: it redirects from /authorize
 * straight back with a code (no login form) and signs ID tokens with its own RSA key.
 */
const port = Number(process.env.OIDC_PORT ?? 4180);
const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
// A new person each time: tests that link a Google account must not meet one another's.
provider.service.on('beforeTokenSigning', (token) => {
  const person = randomUUID();
  token.payload.sub = `e2e-google-${person}`;
  token.payload.email = `${person}@example.test`;
});
await provider.start(port, '127.0.0.1');
// It names itself after "localhost"; the server is configured with the address it calls.
provider.issuer.url = `http://127.0.0.1:${port}`;
console.info(`OpenID provider on ${provider.issuer.url ?? ''}`);
