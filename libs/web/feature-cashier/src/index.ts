/** The cashier remote's root. */
export { CashierPage } from './lib/cashier-page';
