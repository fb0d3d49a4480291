// The "new version" of the games remote that apps/e2e/src/remote-redeploy.spec.ts deploys alone:
// Nebula Dice gets a new title. Fails the build if the title it changes is gone.
const FROM = "dice: 'Nebula Dice'";
const TO = "dice: 'Nebula Dice, redeployed'";

module.exports = function redeployLoader(source) {
  if (!source.includes(FROM)) throw new Error(`${this.resourcePath} no longer holds ${FROM}: update ${__filename}`);
  return source.replace(FROM, TO);
};
