// The remote's only door: ./Module renders the feature library.
import { CashierPage } from '@cosmic/web-feature-cashier';

export default CashierPage;
