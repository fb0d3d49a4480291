import { useState } from 'react';
import { Button } from '@cosmic/web-ui';
import { PERSONA_NAMES, type PersonaName } from '@cosmic/contracts';
import { Panel } from '../panel';
import { title } from '../format';
import { useTokenSession } from '../session/use-token-session';
import { VaultLock } from './vault-lock';
import { VaultView } from './vault-view';

/** The vault: its own lock (second password), then each persona's vault logs, refreshed every 5 minutes. */
export function VaultSection({ operatorToken }: { operatorToken: string }) {
  const vault = useTokenSession();
  const [persona, setPersona] = useState<PersonaName>('sentinel');
  return (
    <Panel
      id="cs-vault"
      title="Vault"
      eyebrow="Second lock · refreshes every 5 min"
      className="cs-span-2 cs-vault"
      actions={
        vault.token && (
          <Button size="sm" variant="ghost" onClick={() => vault.lock()}>
            Lock vault
          </Button>
        )
      }
    >
      <div className="cs-tabs" role="tablist" aria-label="Persona vaults">
        {PERSONA_NAMES.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            id={`cs-vault-tab-${p}`}
            aria-selected={p === persona}
            aria-controls="cs-vault-body"
            className="cs-tab"
            onClick={() => setPersona(p)}
          >
            {title(p)}
          </button>
        ))}
      </div>
      <div id="cs-vault-body" role="tabpanel" aria-labelledby={`cs-vault-tab-${persona}`}>
        {vault.token ? (
          <VaultView token={vault.token} persona={persona} lock={vault.lock} />
        ) : (
          <VaultLock persona={persona} operatorToken={operatorToken} onUnlock={vault.unlock} notice={vault.notice} />
        )}
      </div>
    </Panel>
  );
}
