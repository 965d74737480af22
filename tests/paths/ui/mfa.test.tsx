/** The second factor's generated paths through MfaStep (driver: ./mfa.driver.tsx). */
import { describeUiPaths } from './harness';
import { mfaDriver } from './mfa.driver';

describeUiPaths('mfa', mfaDriver);
