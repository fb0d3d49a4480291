import { Type, type Static } from '@sinclair/typebox';

/** GET /remotes.json: where each micro-frontend's remoteEntry lives (the shell reads it at run time). */
export const RemotesSchema = Type.Object({ games: Type.String(), cashier: Type.String(), security: Type.String() });
/** GET /remotes.json's answer. */
export type Remotes = Static<typeof RemotesSchema>;

export {
  HOUSE_GAMES,
  isWebRoute,
  prerenderedPageName,
  prerenderedPaths,
  webRoutePattern,
  WEB_ROUTES,
  type HouseGame,
} from './web-routes';
