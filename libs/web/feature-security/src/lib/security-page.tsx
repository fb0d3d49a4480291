import { PageTitle } from '@cosmic/web-ui';
import { Dashboard } from './dashboard/dashboard';
import { LockScreen } from './session/lock-screen';
import { useTokenSession } from './session/use-token-session';

/** `/security`: the operators' dashboard, locked until the server accepts the password. */
export function SecurityPage() {
  const session = useTokenSession();
  const token = session.token;
  return (
    <section aria-labelledby="security-title" className="cs-page">
      <PageTitle name="Security Dashboard" />
      {token ? (
        <Dashboard session={{ ...session, token }} />
      ) : (
        <>
          <header className="cs-top">
            <div className="cs-top__title">
              <p className="cc-eyebrow">Operators only</p>
              <h1 id="security-title" className="cc-page-title">
                Security Dashboard
              </h1>
            </div>
          </header>
          <LockScreen onUnlock={session.unlock} notice={session.notice} />
        </>
      )}
    </section>
  );
}
