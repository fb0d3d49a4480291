// The remote's only door: ./Module renders the feature library.
import { SecurityPage } from '@cosmic/web-feature-security';

export default SecurityPage;
