import { createCustodyApp } from '../lib/custody-app.js';

/** The CDK app (`cdk.json` runs it with tsx): the `CustodyService` stack with cdk-nag. See docs/deploy.md. */
createCustodyApp();
