import { api, moneyPost } from '@cosmic/web-data-access';
import type { CashOutResult, PokerMe, TableSummary, TableView } from '@cosmic/poker';
import type { PokerBuyInRequest } from '@cosmic/contracts';
import { TableSocket, type Ack, type SocketStatus } from './table-socket';

/** A table as the page holds it: the latest view and whether the socket is live. */
export interface LiveTable {
  view: TableView;
  status: SocketStatus;
}

/** The live sockets by table id (one per watched table; RTK Query's cache entry owns it). */
const sockets = new Map<string, TableSocket>();

const pokerApi = api.enhanceEndpoints({ addTagTypes: ['Poker'] }).injectEndpoints({
  endpoints: (b) => ({
    pokerTables: b.query<TableSummary[], void>({
      query: () => 'poker/tables',
      providesTags: ['Poker'],
    }),
    pokerMe: b.query<PokerMe, void>({
      query: () => 'poker/me',
      providesTags: ['Poker'],
    }),
    // GET /api/poker/tables/:id, then every view the table's socket pushes
    pokerTable: b.query<LiveTable, string>({
      query: (id) => `poker/tables/${encodeURIComponent(id)}`,
      transformResponse: (view: TableView): LiveTable => ({ view, status: 'connecting' }),
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = new TableSocket(
          id,
          // a view without a history means "unchanged": keep the one we have
          (view) =>
            updateCachedData((d) => ({ ...d, view: view.history ? view : { ...view, history: d.view.history } })),
          (status) => updateCachedData((d) => ({ ...d, status })),
        );
        sockets.set(id, socket);
        await cacheEntryRemoved;
        socket.dispose();
        if (sockets.get(id) === socket) sockets.delete(id);
      },
    }),
    pokerBuyIn: b.mutation<TableView, { tableId: string } & PokerBuyInRequest>({
      query: ({ tableId, amount }) => moneyPost(`poker/tables/${encodeURIComponent(tableId)}/buy-in`, { amount }),
      invalidatesTags: ['Poker', 'Balance', 'User'],
    }),
    pokerCashOut: b.mutation<CashOutResult, void>({
      query: () => moneyPost('poker/cash-out'),
      invalidatesTags: ['Poker', 'Balance', 'User'],
    }),
    // moves go over the socket (REST when it is down); the new view arrives on the socket
    pokerAct: b.mutation<Ack, { tableId: string; action: string; amount?: number }>({
      async queryFn({ tableId, action, amount }, _api, _extra, baseQuery) {
        const socket = sockets.get(tableId);
        if (socket?.open) {
          const ack = await socket.send('act', { action, amount });
          return ack.ok
            ? { data: ack }
            : { error: { status: 409, message: ack.error ?? 'Move refused', serverMessage: ack.error } };
        }
        const r = await baseQuery({
          url: `poker/tables/${encodeURIComponent(tableId)}/act`,
          method: 'POST',
          body: { action, amount },
        });
        return r.error ? { error: r.error as never } : { data: { ok: true } };
      },
    }),
    pokerSitIn: b.mutation<TableView, string>({
      query: (tableId) => ({ url: `poker/tables/${encodeURIComponent(tableId)}/sit-in`, method: 'POST', body: {} }),
    }),
  }),
});

/** Query: the tables (GET /api/poker/tables). */
export const usePokerTablesQuery = pokerApi.usePokerTablesQuery;
/** Query: your seat and kept odd chips (GET /api/poker/me). */
export const usePokerMeQuery = pokerApi.usePokerMeQuery;
/** Query: one table, kept live by its WebSocket. */
export const usePokerTableQuery = pokerApi.usePokerTableQuery;
/** Mutation: buy chips with HC (sit down or top up). */
export const usePokerBuyInMutation = pokerApi.usePokerBuyInMutation;
/** Mutation: cash out and leave the table. */
export const usePokerCashOutMutation = pokerApi.usePokerCashOutMutation;
/** Mutation: a move at the table. */
export const usePokerActMutation = pokerApi.usePokerActMutation;
/** Mutation: back from sitting out. */
export const usePokerSitInMutation = pokerApi.usePokerSitInMutation;
