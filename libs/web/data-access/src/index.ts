/** The shared RTK Query API slice that features inject endpoints into. */
export { api } from './lib/api';
/** The base query: cookies, JSON, "status: body" errors. */
export { cosmicBaseQuery, type ApiError } from './lib/base-query';
/** Store factory and types. */
export { createStore, type AppStore, type RootState } from './lib/store';
/** API health query. */
export { useHealthQuery, type HealthReport } from './lib/health.api';
/** AMINA house info query (GET /api/crypto/house-info, cached 5 min). */
export { useHouseInfoQuery, type HouseInfo } from './lib/house-info.api';
