import { useId, useState } from 'react';
import type { TableSummary } from '@cosmic/poker';
import { errorCode, errorMessage, INSUFFICIENT_BALANCE, useToast, type ApiError } from '@cosmic/web-data-access';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { Button, Dialog } from '@cosmic/web-ui';
import { usePokerBuyInMutation } from '../api/poker.api';
import { chips } from '../model/bet-sizing';

/** Chips per House Coin (CHIPS_PER_HC of libs/poker protocol.ts). */
export const CHIPS_PER_HC = 100;

export interface BuyInDialogProps {
  table: TableSummary;
  /** Your HC balance in base units (10^8 per HC). */
  balance: bigint;
  /** Chips kept from your last cash-out, added to this buy-in. */
  changeChips: number;
  /** Topping up at the table you sit at, rather than sitting down. */
  topUp?: boolean;
  onClose(): void;
  onDone(): void;
}

/** Buy chips with House Coins: 100 chips per HC, within the table's range; "Insufficient balance!" when short. */
export function BuyInDialog({ table, balance, changeChips, topUp, onClose, onDone }: BuyInDialogProps) {
  const fieldId = useId();
  const start = Math.min(table.maxBuyIn, Math.max(table.minBuyIn, table.bigBlind));
  const [amount, setAmount] = useState(start);
  const [buyIn, { isLoading }] = usePokerBuyInMutation();
  const { toast } = useToast();
  const affordable = BigInt(amount) * BASE_UNITS_PER_COIN <= balance;
  const inRange = Number.isInteger(amount) && amount >= table.minBuyIn && amount <= table.maxBuyIn;
  const submit = async () => {
    try {
      await buyIn({ tableId: table.id, amount }).unwrap();
      onDone();
    } catch (e) {
      // chosen by the API's error code, never by the English text
      if (errorCode(e) === 'INSUFFICIENT_BALANCE') toast({ title: INSUFFICIENT_BALANCE, variant: 'error' });
      else toast({ title: 'Buy-in failed', description: errorMessage(e as ApiError), variant: 'error' });
    }
  };
  return (
    <Dialog
      title={topUp ? `Top up at ${table.name}` : `Buy in at ${table.name}`}
      description={`${CHIPS_PER_HC} chips per House Coin · blinds ${table.smallBlind}/${table.bigBlind} · ${table.minBuyIn}–${table.maxBuyIn} HC`}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={!inRange || !affordable || isLoading} onClick={() => void submit()}>
            {isLoading ? 'Buying…' : topUp ? 'Add chips' : 'Sit down'}
          </Button>
        </>
      }
    >
      <div className="cc-field">
        <label htmlFor={fieldId}>Buy-in (HC)</label>
        <input
          id={fieldId}
          className="cc-input"
          type="number"
          inputMode="numeric"
          min={table.minBuyIn}
          max={table.maxBuyIn}
          step={1}
          value={amount}
          data-autofocus
          onChange={(e) => setAmount(Math.floor(Number(e.target.value) || 0))}
        />
      </div>
      <div className="pk-buyin__quick">
        {[table.minBuyIn, start, table.maxBuyIn]
          .filter((v, i, all) => all.indexOf(v) === i)
          .map((v) => (
            <Button key={v} size="sm" variant="ghost" aria-pressed={amount === v} onClick={() => setAmount(v)}>
              {v} HC
            </Button>
          ))}
      </div>
      <p className="pk-buyin__chips">
        = <strong>{chips(amount * CHIPS_PER_HC + (topUp ? 0 : changeChips))}</strong> chips
        {!topUp && changeChips > 0 && (
          <span className="cc-muted"> (with {changeChips} chips kept from your last cash-out)</span>
        )}
      </p>
      <p className="cc-muted">
        Your balance: {(Number(balance / (BASE_UNITS_PER_COIN / 100n)) / 100).toLocaleString('en-US')} HC
      </p>
      {!affordable && inRange && (
        <p className="pk-error" role="alert">
          Insufficient balance!
        </p>
      )}
      {!inRange && (
        <p className="pk-error" role="alert">
          Choose {table.minBuyIn} to {table.maxBuyIn} whole HC.
        </p>
      )}
    </Dialog>
  );
}
