// The refusal toasts by API error code live with the one base query (data-access); the games take them from there.
export { INSUFFICIENT_BALANCE, REFUSALS, refusalFor, type Refusal } from '@cosmic/web-data-access';
