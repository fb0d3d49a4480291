// The verifier's parameters moved to @cosmic/web-ui-bet-details, shared with the bet details
// dialog (live feed, history); the game screens keep importing them from here.
export { engineParams, paramFacts, verifyHref, type VerifyParams } from '@cosmic/web-ui-bet-details';
