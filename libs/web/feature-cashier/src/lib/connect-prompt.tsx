import { Button, Card } from '@cosmic/web-ui';

/** Shown instead of the crypto panel to guests. */
export function ConnectPrompt() {
  return (
    <Card className="cc-cashier__prompt" role="status">
      <h2 className="cc-cashier__heading">Crypto Wallet</h2>
      <p>Connect an Algorand wallet to deposit and withdraw AMINA. Use the wallet buttons at the top of the page.</p>
    </Card>
  );
}

/** A watch-only wallet may deposit (anyone may pay into an account) but withdraws only once signed in. */
export function WithdrawSignIn({ onSignIn }: { onSignIn(): void }) {
  return (
    <Card className="cc-cashier__panel" aria-labelledby="cashier-withdraw-title">
      <h2 id="cashier-withdraw-title" className="cc-cashier__heading">
        Withdraw AMINA
      </h2>
      <p>
        This wallet is watch-only: sign in with it to withdraw AMINA. Anyone can type an address, so money leaves only
        for a wallet that signed the one-time sign-in message.
      </p>
      <Button variant="primary" onClick={onSignIn}>
        Sign in with wallet
      </Button>
    </Card>
  );
}
